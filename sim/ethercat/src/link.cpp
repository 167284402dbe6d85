// Frame links: in-process queue pair and AF_PACKET raw socket (EtherType 0x88A4), see link.hpp.
#include "maniplab/ethercat/link.hpp"

#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace maniplab::ethercat {

namespace {

struct Shared {
  std::mutex m;
  std::condition_variable cv[2];
  std::deque<std::vector<std::uint8_t>> q[2];  ///< q[i]: frames for end i
  bool down = false;
};

class InProcessLink final : public Link {
 public:
  InProcessLink(std::shared_ptr<Shared> s, int side) : s_(std::move(s)), side_(side) {}
  bool send(const std::uint8_t* f, std::size_t n) override {
    std::lock_guard lk(s_->m);
    if (s_->down) {
      error_ = "link down";
      return false;
    }
    s_->q[1 - side_].emplace_back(f, f + n);
    s_->cv[1 - side_].notify_one();
    return true;
  }
  long receive(std::uint8_t* buf, std::size_t cap, std::chrono::nanoseconds timeout) override {
    std::unique_lock lk(s_->m);
    auto& q = s_->q[side_];
    if (!s_->cv[side_].wait_for(lk, timeout, [&] { return !q.empty() || s_->down; })) return 0;
    if (s_->down) {
      q.clear();
      error_ = "link down";
      return -1;
    }
    auto f = std::move(q.front());
    q.pop_front();
    const std::size_t n = std::min(cap, f.size());
    std::memcpy(buf, f.data(), n);
    return long(n);
  }
  Mac mac() const override { return {0x02, 0, 0, 0, 0, std::uint8_t(side_ + 1)}; }
  std::string describe() const override { return side_ == 0 ? "in-process link (master end)" : "in-process link (slave end)"; }
  bool isUp() const override {
    std::lock_guard lk(s_->m);
    return !s_->down;
  }
  void setDown(bool d) {
    std::lock_guard lk(s_->m);
    s_->down = d;
    s_->cv[0].notify_all();
    s_->cv[1].notify_all();
  }

 private:
  std::shared_ptr<Shared> s_;
  int side_;
};

class RawSocketLink final : public Link {
 public:
  explicit RawSocketLink(const std::string& ifname) : ifname_(ifname) {
    if (ifname.empty() || ifname.size() >= IFNAMSIZ) throw std::runtime_error("invalid interface name '" + ifname + "'");
    fd_ = ::socket(AF_PACKET, SOCK_RAW, htons(kEtherType));
    if (fd_ < 0) throw std::runtime_error(ifname + ": cannot open a raw socket: " + std::strerror(errno) +
                                          (errno == EPERM ? " (needs root or cap_net_raw: sudo scripts/grant-capabilities.sh)" : ""));
    ifreq ifr{};
    std::strncpy(ifr.ifr_name, ifname.c_str(), IFNAMSIZ - 1);
    if (::ioctl(fd_, SIOCGIFINDEX, &ifr) < 0) fail("no such interface");
    ifindex_ = ifr.ifr_ifindex;
    if (::ioctl(fd_, SIOCGIFHWADDR, &ifr) < 0) fail("cannot read the MAC address");
    std::memcpy(mac_.data(), ifr.ifr_hwaddr.sa_data, 6);
#ifdef PACKET_IGNORE_OUTGOING
    int one = 1;
    ::setsockopt(fd_, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one);  // best effort (Linux >= 4.20)
#endif
    sockaddr_ll sll{};
    sll.sll_family = AF_PACKET;
    sll.sll_protocol = htons(kEtherType);
    sll.sll_ifindex = ifindex_;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&sll), sizeof sll) < 0) fail("cannot bind");
    // Drain what arrived before the bind filtered the interface.
    std::uint8_t tmp[kMaxFrame];
    while (::recv(fd_, tmp, sizeof tmp, MSG_DONTWAIT) > 0) {}
  }
  ~RawSocketLink() override {
    if (fd_ >= 0) ::close(fd_);
  }
  bool send(const std::uint8_t* f, std::size_t n) override {
    sockaddr_ll sll{};
    sll.sll_family = AF_PACKET;
    sll.sll_ifindex = ifindex_;
    sll.sll_halen = 6;
    std::memcpy(sll.sll_addr, f, 6);
    const ssize_t r = ::sendto(fd_, f, n, 0, reinterpret_cast<sockaddr*>(&sll), sizeof sll);
    if (r != ssize_t(n)) {
      error_ = ifname_ + ": send failed: " + std::strerror(errno);
      return false;
    }
    return true;
  }
  long receive(std::uint8_t* buf, std::size_t cap, std::chrono::nanoseconds timeout) override {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return 0;
      pollfd p{fd_, POLLIN, 0};
      const timespec ts{time_t(left.count() / 1000000000), long(left.count() % 1000000000)};
      const int r = ::ppoll(&p, 1, &ts, nullptr);
      if (r == 0) return 0;
      if (r < 0) {
        if (errno == EINTR) continue;
        error_ = ifname_ + ": poll failed: " + std::strerror(errno);
        return -1;
      }
      if (p.revents & (POLLERR | POLLNVAL)) {
        error_ = ifname_ + ": socket error (interface down or removed?)";
        return -1;
      }
      sockaddr_ll from{};
      socklen_t fl = sizeof from;
      const ssize_t n = ::recvfrom(fd_, buf, cap, 0, reinterpret_cast<sockaddr*>(&from), &fl);
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        error_ = ifname_ + ": receive failed: " + std::strerror(errno);
        return -1;
      }
      if (from.sll_pkttype == PACKET_OUTGOING) continue;  // our own frame, seen on the way out
      if (n < long(kEthHeader) || buf[12] != 0x88 || buf[13] != 0xA4) continue;
      return long(n);
    }
  }
  Mac mac() const override { return mac_; }
  std::string describe() const override { return "raw socket on " + ifname_; }
  bool isUp() const override {
    ifreq ifr{};
    std::strncpy(ifr.ifr_name, ifname_.c_str(), IFNAMSIZ - 1);
    if (::ioctl(fd_, SIOCGIFFLAGS, &ifr) < 0) return false;
    return (ifr.ifr_flags & IFF_UP) && (ifr.ifr_flags & IFF_RUNNING);
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    const std::string e = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error(ifname_ + ": " + what + ": " + e);
  }
  std::string ifname_;
  int fd_ = -1;
  int ifindex_ = 0;
  Mac mac_{};
};

}  // namespace

InProcessPair makeInProcessPair() {
  auto s = std::make_shared<Shared>();
  return {std::make_unique<InProcessLink>(s, 0), std::make_unique<InProcessLink>(s, 1)};
}

void setInProcessLinkDown(Link& end, bool down) {
  if (auto* l = dynamic_cast<InProcessLink*>(&end)) l->setDown(down);
}

std::unique_ptr<Link> openRawSocketLink(const std::string& ifname) { return std::make_unique<RawSocketLink>(ifname); }

}  // namespace maniplab::ethercat
