#pragma once
// In-process EtherCAT bench for the tests: a master and N virtual drives (one per joint of a robot) on
// the two ends of an in-process link (no privileges needed).
#include <memory>
#include <string>

#include "maniplab/ethercat/ethercat_backend.hpp"
#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/master.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/model/robot_file.hpp"

namespace maniplab::test {

struct EthercatBench {
  ethercat::InProcessPair link = ethercat::makeInProcessPair();
  std::unique_ptr<ethercat::VirtualBus> bus;
  std::unique_ptr<ethercat::Master> master;

  EthercatBench(const Model& model, const sim::PlantOptions& plant, double cyclePeriod,
                ethercat::FaultPlan faults = {}, int maxBadCycles = 3) {
    bus = std::make_unique<ethercat::VirtualBus>(model, plant, faults);
    bus->start(*link.b, 70);  // SCHED_FIFO when permitted (CI runs as root), else normal priority
    ethercat::MasterOptions mo;
    mo.cyclePeriod = cyclePeriod;
    mo.realtime = true;  // SCHED_FIFO + mlockall when permitted; degrades with a warning otherwise
    mo.maxBadCycles = maxBadCycles;
    master = std::make_unique<ethercat::Master>(*link.a, mo);
  }
  ~EthercatBench() {
    master.reset();
    bus->stop();
  }
};

inline std::string umisPath() { return std::string(MANIPLAB_SOURCE_DIR) + "/robots/umis.json"; }

}  // namespace maniplab::test
