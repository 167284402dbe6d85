// A chain stays bit-identical to the chain-only code (issue 29). tests/data/chain_golden/chains.txt holds the
// results of the last commit before the model became a tree (be92263, 2026-11-28), written by
// chain_golden_generate.cpp compiled against that commit's model library (tests/data/chain_golden/README.md):
// RNEA, CRBA, the mass-matrix recurrence, C, ABA, the Cholesky forward dynamics, the tool pose, the Jacobian,
// the energies and momenta of the 8 chain robots shipped then, both rotor models, 4 dyadic states, baseline
// kernels. Today's code must give every value to the bit. A difference names the robot, rotor model, state
// and quantity with the largest absolute difference.
#include <QtTest>
#include <cmath>
#include <fstream>

#include "chain_golden.hpp"
#include "maniplab/model/kernel_isa.hpp"
#include "maniplab/model/robot_file.hpp"
#include "support/test_main.hpp"

namespace test_chain_golden {

using namespace maniplab;

namespace {

std::vector<double> values(const std::string& line) {
  std::vector<double> v;
  std::size_t at = 0;
  for (int field = 0; field < 4; ++field) at = line.find(' ', at) + 1;  // robot, rotor, state, quantity
  const char* p = line.c_str() + at;
  char* end = nullptr;
  while (*p) {
    v.push_back(std::strtod(p, &end));
    if (end == p) break;
    p = end;
  }
  return v;
}

}  // namespace

class TestChainGolden : public QObject {
  Q_OBJECT
 private slots:
  void chainsAreBitIdenticalToTheChainOnlyCode() {
    QVERIFY(setKernelIsa(KernelIsa::Baseline));
    std::ifstream in(MANIPLAB_SOURCE_DIR "/tests/data/chain_golden/chains.txt");
    QVERIFY(in);
    std::vector<std::string> reference;
    for (std::string l; std::getline(in, l);) reference.push_back(l);
    std::vector<std::string> now;
    for (const std::string& name : golden::chainRobots()) {
      const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/" + name);
      QVERIFY2(r.ok(), r.report().c_str());
      QVERIFY(r.model.isChain());
      const auto lines = golden::chainLines(name, r.model);
      now.insert(now.end(), lines.begin(), lines.end());
    }
    QCOMPARE(now.size(), reference.size());
    QVERIFY(reference.size() > 500);  // 8 robots x 2 rotor models x 4 states x 9-10 quantities
    int differing = 0;
    double worst = 0;
    std::string where;
    for (std::size_t k = 0; k < now.size(); ++k) {
      if (now[k] == reference[k]) continue;
      ++differing;
      const auto a = values(now[k]), b = values(reference[k]);
      const std::string head = reference[k].substr(0, reference[k].find(" 0x") == std::string::npos ? reference[k].size()
                                                                                                      : reference[k].find(" 0x"));
      if (a.size() != b.size()) {
        where = head + " (sizes differ)";
        worst = INFINITY;
        continue;
      }
      for (std::size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > worst || std::isnan(a[i] - b[i])) {
          worst = std::abs(a[i] - b[i]);
          where = head;
        }
    }
    QVERIFY2(differing == 0, qPrintable(QString("%1 of %2 lines differ from the chain-only code; largest |difference| %3 in %4")
                                            .arg(differing)
                                            .arg(now.size())
                                            .arg(worst)
                                            .arg(QString::fromStdString(where))));
  }

  // The comparison sees one bit: the last bit of one link's mass changes a line.
  void oneBitIsSeen() {
    QVERIFY(setKernelIsa(KernelIsa::Baseline));
    RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QVERIFY2(r.ok(), r.report().c_str());
    const auto a = golden::chainLines("puma560.json", r.model);
    r.model.body[3].mass = std::nextafter(r.model.body[3].mass, 1e9);
    const auto b = golden::chainLines("puma560.json", r.model);
    QCOMPARE(a.size(), b.size());
    QVERIFY(a != b);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestChainGolden)
#include "test_chain_golden.moc"  // (in the namespace, as the class)

}  // namespace test_chain_golden
