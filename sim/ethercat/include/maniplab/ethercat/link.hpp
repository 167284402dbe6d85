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
/// cause, e.g. "Operation not permitted (needs root or cap_net_raw: sudo scripts/grant-capabilities.sh)").
/// Without the privilege (socket() fails with EPERM) in an installed ManipLab, the socket comes from the
/// privileged helper (ethercatHelperPath(), openRawSocketViaHelper): for the members of kEthercatGroup;
/// anyone else gets an error naming the group and the command the administrator runs.
std::unique_ptr<Link> openRawSocketLink(const std::string& ifname);

/// The system group whose members may drive a bus without root in an installed ManipLab (the Debian
/// package creates it; app/packaging/README.md).
inline constexpr const char* kEthercatGroup = "maniplab-ethercat";

/// The privileged helper that opens the raw socket for the members of kEthercatGroup:
/// $MANIPLAB_ETHERCAT_HELPER when set, else <directory of this executable>/../lib/maniplab/
/// maniplab-ethercat-socket when that file exists (the installed layout: /usr/bin -> /usr/lib/maniplab),
/// else empty (a build tree: no helper; scripts/grant-capabilities.sh gives the binaries the capability).
std::string ethercatHelperPath();

/// Starts `helper` for `ifname` (app/ethercat_socket: the caller's end of a Unix socket pair as its standard
/// input, an empty environment) and returns the AF_PACKET socket it passes back (SCM_RIGHTS), bound to
/// the interface. Throws std::runtime_error naming the interface and the cause: the helper's own error
/// (no such interface, an invalid name...), or, when the helper may not be run by this user (EACCES: not
/// a member of kEthercatGroup), what to ask the administrator for ("sudo adduser USER maniplab-ethercat",
/// then log in again).
int openRawSocketViaHelper(const std::string& helper, const std::string& ifname);

}  // namespace maniplab::ethercat
