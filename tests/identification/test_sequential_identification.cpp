// The guided sequential identification (Belkoura 1993, the corrected 14-test TH8 procedure): every step
// recovers its own parameters on noiseless simulated motions to 1e-6 relative, and `maniplab-cli
// identify-sequential` walks the 14 steps (text and JSON) and rejects a robot that is not a TH8.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <cmath>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/sequential.hpp"
#include "support/test_main.hpp"

namespace test_sequential_identification {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

struct CliRun {
  int status = -1;
  QString out, err;
};
CliRun cli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(MANIPLAB_CLI), args);
  CliRun r;
  if (!p.waitForFinished(120000)) return r;
  r.status = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

}  // namespace

class SequentialIdentification : public QObject {
  Q_OBJECT
 private slots:
  void sequentialStepsRecoverTheirParameters() {
    // Each of the 14 steps, run in order on noiseless simulated motions (1 kHz, Simpson), recovers its own
    // unknowns to 1e-6 relative. A parameter whose true value is 0 (e.g. MY3 of the file) is compared with
    // 1e-3 of the largest base parameter (its error must be below 1e-9 of the largest), as the CLI does.
    const RobotLoadResult rl = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/th8.json");
    QVERIFY2(rl.ok(), rl.report().c_str());
    const Model& m = rl.model;
    const BaseParameterSet base = symbolicBaseParameters(m, {true});
    const VectorX standard = standardParameters(m).values;
    const VectorX truth = base.values(standard);
    const double scale = truth.cwiseAbs().maxCoeff();
    const auto steps = th8SequentialProcedure();
    SequentialIdentifier id(m, base, standard);
    double worst = 0;
    for (const auto& st : steps) {
      QVERIFY(!st.equation.empty());
      for (const auto& u : st.unknowns) QVERIFY2(!id.isKnown(u), u.c_str());
      const auto segs = th8SequentialSegments(m, st, int(st.unknowns.size()) + 3, 1000);
      const SequentialStepResult& r = id.runStep(st, segs);
      QCOMPARE(int(r.values.size()), int(st.unknowns.size()));
      for (std::size_t u = 0; u < st.unknowns.size(); ++u) {
        QVERIFY(id.isKnown(st.unknowns[u]));
        int b = 0;
        while (base.params[std::size_t(b)].name != st.unknowns[u]) ++b;
        const double err = std::abs(r.values[int(u)] - truth[b]);
        const double rel = err / std::max(std::abs(truth[b]), 1e-3 * scale);
        worst = std::max(worst, rel);
        QVERIFY2(rel < 1e-6, qPrintable(QString("%1 %2: %3 vs %4 (rel %5)").arg(QString::fromStdString(st.title),
                                                                                  QString::fromStdString(st.unknowns[u]))
                                              .arg(r.values[int(u)], 0, 'g', 12).arg(truth[b], 0, 'g', 12).arg(rel)));
      }
    }
    qInfo("sequential procedure step by step: worst relative error %.3g", worst);
    QCOMPARE(int(id.result().names.size()), 38);
    // The errata are carried by the steps that the thesis printed wrong.
    QVERIFY(steps[1].correction.find("q2") != std::string::npos);
    QVERIFY(steps[8].correction.find("HELD") != std::string::npos);
    QVERIFY(steps[0].correction.empty());
    // Noise: a step fails cleanly on NaN samples.
    auto segs = th8SequentialSegments(m, steps[0], 4, 1000);
    segs[1].tau(3, 2) = std::nan("");
    SequentialIdentifier id2(m, base, standard);
    try {
      id2.runStep(steps[0], segs);
      QFAIL("NaN accepted");
    } catch (const std::runtime_error& e) {
      QVERIFY2(QString(e.what()).contains("NaN"), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, addTorqueNoise(segs, -1, 1));
  }

  void identifySequentialCli() {
    const CliRun j = cli({"identify-sequential", MANIPLAB_SOURCE_DIR "/robots/th8.json", "--json"});
    QVERIFY2(j.status == 0, qPrintable(j.err));
    const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
    QCOMPARE(o["steps"].toArray().size(), 14);
    QCOMPARE(o["identified"].toInt(), 38);
    QVERIFY2(o["worst_rel_error"].toDouble() < 1e-6, qPrintable(QString::number(o["worst_rel_error"].toDouble())));
    const QJsonObject s9 = o["steps"].toArray()[8].toObject();
    QVERIFY(s9["motion"].toString().contains("joint 6 held"));
    QCOMPARE(s9["params"].toArray().size(), 3);
    QVERIFY(s9["equation"].toString().contains("S6C6"));
    // Text output: steps, equations, corrections.
    const CliRun t = cli({"identify-sequential", MANIPLAB_SOURCE_DIR "/robots/th8.json", "--noise", "0.01"});
    QVERIFY2(t.status == 0, qPrintable(t.err));
    QVERIFY(t.out.contains("step 14. T5") && t.out.contains("corrected:") && t.out.contains("38 parameters identified"));
    // Not a TH8 / bad options.
    const CliRun bad = cli({"identify-sequential", MANIPLAB_SOURCE_DIR "/robots/planar2r.json"});
    QCOMPARE(bad.status, 1);
    QVERIFY2(bad.err.contains("6 joints"), qPrintable(bad.err));
    const CliRun puma = cli({"identify-sequential", MANIPLAB_SOURCE_DIR "/robots/puma560.json"});
    QCOMPARE(puma.status, 1);
    QVERIFY2(puma.err.contains("puma560.json") && puma.err.contains("step 1."), qPrintable(puma.err));
    QCOMPARE(cli({"identify-sequential", MANIPLAB_SOURCE_DIR "/robots/th8.json", "--noise"}).status, 2);
    QCOMPARE(cli({"identify-sequential", MANIPLAB_SOURCE_DIR "/robots/th8.json", "--noise", "-1"}).status, 1);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(SequentialIdentification)
#include "test_sequential_identification.moc"  // (in the namespace, as the class)

}  // namespace test_sequential_identification
