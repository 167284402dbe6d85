// The main() of the test bundles (test_main.hpp): runs the registered test named by the first argument; an
// executable of one registered test runs it.
#include "support/test_main.hpp"

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace maniplab::test {
namespace {
std::map<std::string, TestRunner>& registry() {
  static std::map<std::string, TestRunner> tests;  // built during static initialisation, read by main()
  return tests;
}
}  // namespace

bool registerTest(const char* file, TestRunner run) {
  std::string name(file);
  if (const auto slash = name.find_last_of("/\\"); slash != std::string::npos) name.erase(0, slash + 1);
  if (const auto dot = name.rfind('.'); dot != std::string::npos) name.erase(dot);
  const bool fresh = registry().emplace(name, run).second;
  if (!fresh) std::fprintf(stderr, "test bundle: two tests named %s\n", name.c_str());
  return fresh;
}
}  // namespace maniplab::test

int main(int argc, char** argv) {
  const auto& tests = maniplab::test::registry();
  if (argc >= 2) {
    if (const auto it = tests.find(argv[1]); it != tests.end()) {
      // The test sees its own name as the program's name: Qt Test's output and -o files stay as they were.
      std::vector<char*> args{argv[1]};
      args.insert(args.end(), argv + 2, argv + argc);
      args.push_back(nullptr);
      return it->second(int(args.size()) - 1, args.data());
    }
  }
  // An executable of one test (ALONE in tests/CMakeLists.txt) runs it with all its arguments.
  if (tests.size() == 1) return tests.begin()->second(argc, argv);
  std::fprintf(stderr, "usage: %s TEST [Qt Test arguments]\nthe tests in this executable:\n", argv[0]);
  for (const auto& [name, run] : tests) std::fprintf(stderr, "  %s\n", name.c_str());
  return 2;
}
