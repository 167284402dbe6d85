// The virtual bus serving a link (virtual_drives.hpp): the serving thread (start, stop) and its loop
// (serve: each frame processed and answered, an injected delay held, the ESCs' process-data watchdog),
// and the fault plan replaced or ended while it serves (injectFault, clearFaults).
#include "maniplab/ethercat/virtual_drives.hpp"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

namespace maniplab::ethercat {

void VirtualBus::serve(Link& link, const std::atomic<bool>& stop) {
  std::vector<std::uint8_t> buf(kMaxFrame + 64);
  using K = FaultPlan::Kind;
  auto lastPd = std::chrono::steady_clock::now();
  long lastCycles = 0;
  std::vector<bool> wasOp;  // slave in OP at the previous pass
  std::vector<std::chrono::steady_clock::time_point> opSince;  // when it entered OP
  while (!stop.load()) {
    const long n = link.receive(buf.data(), buf.size(), std::chrono::milliseconds(20));
    if (n < 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));  // link down: only the watchdog runs
    if (n > 0) {
      const long before = cycles_.load();
      if (processFrame(buf.data(), std::size_t(n))) {
        if (cycles_.load() > before) {
          std::lock_guard lk(m_);  // faults_ may be replaced meanwhile (clearFaults, injectFault)
          if (faults_.kind == K::Delay && cycles_.load() > faults_.afterCycles &&
              std::uniform_real_distribution<double>(0, 1)(rng_) < faults_.fraction) {
            markInjected();
            const double hold = faults_.delaySeconds;
            m_.unlock();
            std::this_thread::sleep_for(std::chrono::duration<double>(hold));
            m_.lock();
          }
        }
        link.send(buf.data(), std::size_t(n));
      } else {
        bool down;
        {
          std::lock_guard lk(m_);
          down = linkDown_;
        }
        if (down) setInProcessLinkDown(link, true);
      }
    }
    // Process-data watchdog of each ESC (0x0400/0x0420, 100 ms at reset): outputs not refreshed for that
    // long in OP -> SAFEOP + ERROR 0x001B, and the drive faults. It counts from the last process-data
    // cycle or from the slave's entry into OP, whichever is later (a slave that has just reached OP after
    // a long mailbox configuration must not trip at once).
    const auto now = std::chrono::steady_clock::now();
    if (cycles_.load() != lastCycles) {
      lastCycles = cycles_.load();
      lastPd = now;
      std::lock_guard lk(m_);
      for (auto& e : escs_) e->feedWatchdog();
    }
    {
      std::lock_guard lk(m_);
      wasOp.resize(escs_.size(), false);
      opSince.resize(escs_.size(), now);
      for (std::size_t s = 0; s < escs_.size(); ++s) {
        const bool op = escs_[s]->alState() == 8;
        if (op && !wasOp[s]) opSince[s] = now;
        wasOp[s] = op;
        const double wd = escs_[s]->processDataWatchdog();
        if (!op || wd <= 0) continue;
        const auto silent = now - std::max(lastPd, opSince[s]);
        if (silent > std::chrono::duration<double>(wd)) {
          escs_[s]->expireWatchdog();
          wasOp[s] = false;
          char b[160];
          std::snprintf(b, sizeof b, "slave %zu: process-data watchdog (%.1f ms) expired after %.1f ms without process data: OP -> SAFEOP+ERROR (",
                        s + 1, wd * 1e3, std::chrono::duration<double>(silent).count() * 1e3);
          note(b + alStatusCodeText(alcode::SmWatchdog) + ")");
        }
      }
    }
  }
}

void VirtualBus::start(Link& link, int rtPriority) {
  stop();
  stop_ = false;
  link_ = &link;
  thread_ = std::thread([this, &link, rtPriority] {
    if (rtPriority > 0) {
      sched_param sp{};
      sp.sched_priority = rtPriority;
      pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);  // best effort
    }
    serve(link, stop_);
  });
}

void VirtualBus::clearFaults() {
  std::lock_guard lk(m_);
  faults_ = FaultPlan{};
  linkDown_ = false;
  for (auto& e : escs_) e->refuseState(0, 0);
  if (link_) setInProcessLinkDown(*link_, false);
}

void VirtualBus::injectFault(FaultPlan plan) {
  clearFaults();
  std::lock_guard lk(m_);
  plan.afterCycles += cycles_.load();
  faults_ = plan;
  dropSeen_ = 0;
  rng_.seed(plan.seed);
  injectedAt_ = -1;
  if (faults_.refuseState && faults_.slave >= 0 && faults_.slave < int(escs_.size()))
    escs_[std::size_t(faults_.slave)]->refuseState(std::uint8_t(faults_.refuseState), faults_.refuseCode);
}

void VirtualBus::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

}  // namespace maniplab::ethercat
