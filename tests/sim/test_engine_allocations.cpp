// The simulation engine's real-time path allocates nothing: after a warm-up, a control period of
// runSimulation (plant ticks, controller, reference, energies, metrics, recorder row) makes no heap
// allocation, on the shipped Puma 560 and UMIS computed-torque scenes with every controller and stepper,
// and one control period of the Orthoglide and floating-base plants neither.
#include <QTest>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <new>
#include <vector>

#include "maniplab/model/orthoglide_file.hpp"
#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/orthoglide/plant.hpp"
#include "maniplab/sim/scene.hpp"
#include "support/sanitized.hpp"

// Heap-allocation counter: glibc lets a program interpose its allocation functions. Every allocation
// (operator new, Eigen's aligned_malloc and conservativeResize, aligned operator new) ends in one of
// malloc, calloc, realloc, memalign, posix_memalign or aligned_alloc; each is forwarded to glibc's own
// implementation and counted while g_count is set.
namespace {
// Allocations seen while g_count is set.
std::atomic<bool> g_count{false};
std::atomic<long> g_mallocs{0};
[[maybe_unused]] inline void countOne() {
  if (g_count.load(std::memory_order_relaxed)) g_mallocs.fetch_add(1, std::memory_order_relaxed);
}
}  // namespace

// Not under a sanitizer: its runtime owns these functions, and memory from glibc's would reach its free().
#if defined(__GLIBC__) && !defined(MANIPLAB_TEST_SANITIZED)
extern "C" {
void* __libc_malloc(std::size_t) noexcept;
void* __libc_calloc(std::size_t, std::size_t) noexcept;
void* __libc_realloc(void*, std::size_t) noexcept;
void* __libc_memalign(std::size_t, std::size_t) noexcept;
}
extern "C" {
void* malloc(std::size_t n) noexcept {
  countOne();
  return __libc_malloc(n);
}
void* calloc(std::size_t k, std::size_t n) noexcept {
  countOne();
  return __libc_calloc(k, n);
}
void* realloc(void* p, std::size_t n) noexcept {
  countOne();
  return __libc_realloc(p, n);
}
void* memalign(std::size_t a, std::size_t n) noexcept {
  countOne();
  return __libc_memalign(a, n);
}
void* aligned_alloc(std::size_t a, std::size_t n) noexcept {
  countOne();
  return __libc_memalign(a, n);
}
int posix_memalign(void** p, std::size_t a, std::size_t n) noexcept {
  countOne();
  if (a < sizeof(void*) || (a & (a - 1)) != 0) return EINVAL;
  *p = __libc_memalign(a, n);
  return *p ? 0 : ENOMEM;
}
}
#define MANIPLAB_COUNT_MALLOC 1
#endif

using namespace maniplab;
using namespace maniplab::sim;

namespace {

Scene loadScene(const char* rel) {
  const SceneLoadResult r = loadSceneFile(std::string(MANIPLAB_SOURCE_DIR "/") + rel);
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.scene;
}

/// Allocations counted while `f` runs.
template <class F> long allocationsIn(F&& f) {
  g_mallocs = 0;
  g_count = true;
  f();
  g_count = false;
  return g_mallocs.load();
}

constexpr int kWarmUp = 5;  // periods before counting (the first ones size lazily grown buffers)

}  // namespace

class EngineAllocations : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
#ifndef MANIPLAB_COUNT_MALLOC
    QSKIP("malloc counting needs glibc and no sanitizer runtime");
#else
    // Sanity: the counter sees each kind of allocation (volatile pointers: the compiler may not elide them).
    QCOMPARE(allocationsIn([] {
               VectorX* volatile p = new VectorX(100);
               delete p;
             }),
             2L);  // the object, then Eigen's storage
    QCOMPARE(allocationsIn([] {
               std::vector<double> v;
               v.reserve(7);
               volatile double* d = v.data();
               (void)d;
             }),
             1L);
    QCOMPARE(allocationsIn([] {
               VectorX v = VectorX::Zero(4);
               v.conservativeResize(400);
               volatile double* d = v.data();
               (void)d;
             }),
             2L);  // malloc, then realloc
    QCOMPARE(allocationsIn([] {
               struct alignas(64) Wide { double x[8]; };
               Wide* volatile w = new Wide;
               delete w;
             }),
             1L);  // aligned operator new
#endif
  }

  void controlPeriodDoesNotAllocate_data() {
    QTest::addColumn<QString>("scene");
    QTest::addColumn<int>("controller");
    QTest::addColumn<int>("stepper");
    for (const char* s : {"scenes/puma560_ctc_vs_pid.json", "scenes/umis_ctc_vs_pid.json"})
      for (int c : {0, 1})
        for (Stepper st : {Stepper::Euler, Stepper::RungeKutta4, Stepper::DormandPrince5}) {
          const char* sn = st == Stepper::Euler ? "euler" : st == Stepper::RungeKutta4 ? "rk4" : "dopri5";
          QTest::addRow("%s controller %d %s", s, c, sn) << QString(s) << c << int(st);
        }
  }
  void controlPeriodDoesNotAllocate() {
    QFETCH(QString, scene);
    QFETCH(int, controller);
    QFETCH(int, stepper);
    Scene s = loadScene(qPrintable(scene));
    s.plant.stepper = Stepper(stepper);
    if (s.plant.stepper == Stepper::DormandPrince5) s.plant.coulombSmoothing = 1e-3;  // else it stalls (exact Coulomb)
    s.duration = 11.0;  // more rows than a recorder chunk (4096)
    s.record.timing = true;  // every channel
    const auto traj = makeTrajectory(s);
    SimulatedPlant plant(s.robot.model, s.plant);
    const auto ctrl = makeController(s.controllers[std::size_t(controller)], s.robot.model);
    Recorder rec(makeChannels(s.robot.model, s.record));
    RunOptions opt = runOptions(s);
    // Count from the row of period kWarmUp to the last row: every period in between (backend advance,
    // reference, controller, energies, metrics, recorder) runs inside the count.
    const long long total = std::llround(s.duration / s.controlPeriod);
    long long periods = 0;
    opt.onRow = [&](double, const double*, std::size_t) {
      if (periods == kWarmUp) {
        g_mallocs = 0;
        g_count = true;
      }
      if (periods++ == total) g_count = false;
    };
    const RunResult r = runSimulation(s.robot.model, plant, *ctrl, *traj, opt, rec);
    g_count = false;
    QVERIFY2(r.ok, r.message.c_str());
    QCOMPARE(r.periods, total);
    QCOMPARE(rec.rows(), std::size_t(total + 1));
    QVERIFY(rec.rows() > 4096);
    QCOMPARE(g_mallocs.load(), 0L);
  }

  void orthoglidePeriodDoesNotAllocate() {
    const OrthoglideLoadResult lr = loadOrthoglideFile(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json");
    QVERIFY(lr.ok());
    for (Stepper st : {Stepper::Euler, Stepper::RungeKutta4, Stepper::DormandPrince5}) {
      PlantOptions po;
      po.stepper = st;
      po.period = 2.5e-4;
      po.coulombSmoothing = 1e-3;
      OrthoglidePlant plant(lr.model, po);
      QVERIFY(plant.resetPlatform(lr.model.K(), Vector3(0.05, -0.02, 0.03)).ok);
      VectorX tau(3);
      for (int k = 0; k < 100; ++k) {
        tau << 10 * std::sin(0.1 * k), -5.0, 3 * std::cos(0.2 * k);
        long n = 0;
        BackendStatus status;
        n = allocationsIn([&] {
          plant.writeTorque(tau);
          status = plant.advance(1e-3);
        });
        QVERIFY2(status.ok, status.message.c_str());
        if (k >= kWarmUp) QCOMPARE(n, 0L);
      }
    }
  }

  void floatingBasePeriodDoesNotAllocate() {
    const SatelliteLoadResult lr = loadSatelliteScene(MANIPLAB_SOURCE_DIR "/scenes/satellite_arm.json");
    QVERIFY(lr.ok());
    for (Stepper st : {Stepper::Euler, Stepper::RungeKutta4, Stepper::DormandPrince5}) {
      FloatingPlantOptions po = lr.scene.plant;
      po.stepper = st;
      po.absTolerance = po.relTolerance = 1e-9;
      FloatingBasePlant plant(lr.scene.model, po);
      QVERIFY(plant.reset(lr.scene.q0, VectorX::Zero(6)).ok);
      VectorX tau(6);
      for (int k = 0; k < 100; ++k) {
        for (int i = 0; i < 6; ++i) tau[i] = 5 * std::sin(0.05 * k * (i + 1));
        BackendStatus status;
        const long n = allocationsIn([&] {
          plant.writeTorque(tau);
          status = plant.advance(2e-3);
        });
        QVERIFY2(status.ok, status.message.c_str());
        if (k >= kWarmUp) QCOMPARE(n, 0L);
      }
    }
  }
};

QTEST_GUILESS_MAIN(EngineAllocations)
#include "test_engine_allocations.moc"
