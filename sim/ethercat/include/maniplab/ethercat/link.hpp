#pragma once
// Links carry whole Ethernet frames (without FCS) between the master and the slaves.
//  - InProcessLink: a pair of queues between two threads of one process (unit tests, no privileges);
//  - RawSocketLink: an AF_PACKET socket bound to an interface, EtherType 0x88A4 only (needs
//    CAP_NET_RAW). Frames the socket sees leaving the host (PACKET_OUTGOING, i.e. the master's own
//    frames looped back by the kernel) are never returned by receive().
// Thread safety: one thread may send while another receives; neither call is re-entrant.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "maniplab/ethercat/frame.hpp"

namespace maniplab::ethercat {

class Link {
 public:
  virtual ~Link() = default;
  /// Sends one frame; false when the link is down or the send failed (see lastError()).
  virtual bool send(const std::uint8_t* frame, std::size_t size) = 0;
  /// Waits up to `timeout` for one EtherCAT frame; returns its size, 0 on timeout, -1 when the link is
  /// down or failed.
  virtual long receive(std::uint8_t* buf, std::size_t capacity, std::chrono::nanoseconds timeout) = 0;
  virtual Mac mac() const = 0;
  virtual std::string describe() const = 0;
  /// Carrier state as far as the link knows it (the raw socket asks the kernel: IFF_UP and IFF_RUNNING).
  virtual bool isUp() const = 0;
  std::string lastError() const { return error_; }

 protected:
  std::string error_;
};

/// Two connected ends; a frame sent on one is received on the other. setDown(true) on either end makes
/// both ends drop frames and report the link down (fault injection: "link down").
struct InProcessPair {
  std::unique_ptr<Link> a, b;
};
InProcessPair makeInProcessPair();
void setInProcessLinkDown(Link& end, bool down);

/// Opens an AF_PACKET raw socket on `ifname` (throws std::runtime_error naming the interface and the
/// cause, e.g. "Operation not permitted (needs root or CAP_NET_RAW)").
std::unique_ptr<Link> openRawSocketLink(const std::string& ifname);

}  // namespace maniplab::ethercat
