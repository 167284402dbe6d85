#pragma once
// Test executables that hold several Qt Test classes (tests/CMakeLists.txt, "bundles"): each test file registers
// its class with MANIPLAB_TEST_MAIN, MANIPLAB_TEST_GUILESS_MAIN or MANIPLAB_TEST_APPLESS_MAIN, the bundled
// forms of Qt's QTEST_MAIN, QTEST_GUILESS_MAIN and QTEST_APPLESS_MAIN (same application object, same set-up:
// qtest.h's QTEST_MAIN_WRAPPER), under the name of its file ("test_scenes" for test_scenes.cpp). The one main()
// (test_main.cpp) runs the test named by its first argument and passes the rest to QTest::qExec:
//   tests_sim test_scenes [Qt Test arguments, e.g. a test function's name, -v2]
// ctest registers every test that way, so each test still runs in a process of its own.
// Why: a test file compiled alone spends most of its time parsing and instantiating the same Qt, Eigen and
// nlohmann/json templates as its neighbours; the bundle's files compile in unity batches and link once.
// A bundled file puts its code in a namespace named after the file, so that batches do not mix its helpers
// with another file's.
#include <QtTest>

namespace maniplab::test {
/// A registered test's main: argv[0] is the executable, the rest are Qt Test's arguments.
using TestRunner = int (*)(int argc, char** argv);
/// Registers the test of `file` (its __FILE__; the test's name is the file name without folder and extension).
bool registerTest(const char* file, TestRunner run);
}  // namespace maniplab::test

#define MANIPLAB_TEST_CAT2(a, b) a##b
#define MANIPLAB_TEST_CAT(a, b) MANIPLAB_TEST_CAT2(a, b)
#define MANIPLAB_TEST_REGISTER(TestObject, ...)                                                          \
  [[maybe_unused]] static const bool MANIPLAB_TEST_CAT(maniplabTestRegistered, __COUNTER__) =            \
      ::maniplab::test::registerTest(__FILE__, [](int argc, char** argv) -> int {                        \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                               \
        __VA_ARGS__                                                                                      \
        TestObject tc;                                                                                   \
        QTEST_SET_MAIN_SOURCE_PATH                                                                       \
        return QTest::qExec(&tc, argc, argv);                                                            \
      });
#define MANIPLAB_TEST_MAIN(TestObject) MANIPLAB_TEST_REGISTER(TestObject, QTEST_MAIN_SETUP())
#define MANIPLAB_TEST_GUILESS_MAIN(TestObject) MANIPLAB_TEST_REGISTER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define MANIPLAB_TEST_APPLESS_MAIN(TestObject) MANIPLAB_TEST_REGISTER(TestObject)
