// Frame links: in-process queue pair and AF_PACKET raw socket (EtherType 0x88A4), see link.hpp.
#include "maniplab/ethercat/link.hpp"

#include <arpa/inet.h>
#include <grp.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <pwd.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <condition_variable>
#include <cstdlib>
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


// ---- The privileged helper of an installed ManipLab (link.hpp, openRawSocketViaHelper) ----------------

std::string userName() {
  if (const passwd* pw = ::getpwuid(::geteuid())) return pw->pw_name;
  return "uid " + std::to_string(::geteuid());
}

/// Whether the user is listed as a member of `group` (/etc/group) although this process does not have it:
/// added after the session started.
bool listedButNotActive(const group* g) {
  const std::string me = userName();
  bool listed = false;
  for (char** m = g->gr_mem; m && *m; ++m)
    if (me == *m) listed = true;
  if (!listed) return false;
  if (::getegid() == g->gr_gid) return false;
  const int n = ::getgroups(0, nullptr);
  std::vector<gid_t> gids(std::size_t(n > 0 ? n : 0));
  if (n > 0 && ::getgroups(n, gids.data()) != n) return false;
  for (gid_t gid : gids)
    if (gid == g->gr_gid) return false;
  return true;
}

/// What the user asks the administrator for when the helper may not be run (exec refused).
std::string notAMemberAdvice(const std::string& ifname) {
  const std::string me = userName();
  std::string text = ifname + ": cannot open a raw socket: Operation not permitted (EtherCAT without root is for the members of the group " +
                     std::string(kEthercatGroup) + ", ";
  const group* g = ::getgrnam(kEthercatGroup);
  if (g && listedButNotActive(g))
    return text + "and user " + me + " was added to it after this session started: log out and in again)";
  return text + "and user " + me + " is not one: ask the administrator to run 'sudo adduser " + me + " " +
         kEthercatGroup + "', then log out and in again)";
}

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string ethercatHelperPath() {
  if (const char* env = std::getenv("MANIPLAB_ETHERCAT_HELPER"); env && *env) return env;
  char exe[4096];
  const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return {};
  std::string dir(exe, std::size_t(n));
  dir.erase(dir.find_last_of('/') == std::string::npos ? 0 : dir.find_last_of('/'));
  const std::string path = dir + "/../lib/maniplab/maniplab-ethercat-socket";
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? path : std::string();
}

int openRawSocketViaHelper(const std::string& helper, const std::string& ifname) {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
    throw std::runtime_error(ifname + ": cannot start " + helper + ": socketpair: " + std::strerror(errno));
  Fd mine{sv[0]}, theirs{sv[1]};
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, theirs.fd, 0);  // the helper's standard input (dup2 clears CLOEXEC)
  std::string arg0 = helper, arg1 = ifname;
  char* argv[] = {arg0.data(), arg1.data(), nullptr};
  char* envp[] = {nullptr};  // it reads no environment
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, helper.c_str(), &actions, nullptr, argv, envp);
  ::posix_spawn_file_actions_destroy(&actions);
  ::close(theirs.fd);
  theirs.fd = -1;
  if (rc == EACCES || rc == EPERM) throw std::runtime_error(notAMemberAdvice(ifname));
  if (rc != 0) throw std::runtime_error(ifname + ": cannot start " + helper + ": " + std::strerror(rc));
  // One reply: "OK" with the descriptor, or "ERROR: TEXT". The helper exits right after.
  char text[512] = {};
  iovec iov{text, sizeof text - 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n = -1;
  pollfd p{mine.fd, POLLIN, 0};
  int ready;
  do ready = ::poll(&p, 1, 10000);
  while (ready < 0 && errno == EINTR);
  if (ready > 0) {
    do n = ::recvmsg(mine.fd, &msg, MSG_CMSG_CLOEXEC);
    while (n < 0 && errno == EINTR);
  }
  int received = -1;
  for (cmsghdr* c = n > 0 ? CMSG_FIRSTHDR(&msg) : nullptr; c; c = CMSG_NXTHDR(&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(sizeof(int)))
      std::memcpy(&received, CMSG_DATA(c), sizeof received);
  if (ready == 0) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  const std::string reply = n > 0 ? std::string(text, std::size_t(n)) : std::string();
  if (received >= 0 && reply == "OK") return received;
  if (received >= 0) ::close(received);
  if (reply.rfind("ERROR: ", 0) == 0) {
    const std::string why = reply.substr(7);
    throw std::runtime_error(why.rfind(ifname + ": ", 0) == 0 ? why : "interface '" + ifname + "': " + why);
  }
  std::string why = ready == 0 ? "no reply within 10 s" : "no reply";
  if (WIFEXITED(status)) why += " (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  else if (WIFSIGNALED(status)) why += " (signal " + std::to_string(WTERMSIG(status)) + ")";
  throw std::runtime_error(ifname + ": " + helper + ": " + why);
}

namespace {

/// socket(AF_PACKET, SOCK_RAW, 0x88A4) in this process when it may (root, cap_net_raw); otherwise, in an
/// installed ManipLab, through the helper.
int openPacketSocket(const std::string& ifname) {
  const int fd = ::socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(kEtherType));
  if (fd >= 0) return fd;
  const int err = errno;
  const std::string helper = (err == EPERM || err == EACCES) ? ethercatHelperPath() : std::string();
  if (helper.empty())
    throw std::runtime_error(ifname + ": cannot open a raw socket: " + std::strerror(err) +
                             (err == EPERM ? " (needs root or cap_net_raw: sudo scripts/grant-capabilities.sh)" : ""));
  return openRawSocketViaHelper(helper, ifname);
}

class RawSocketLink final : public Link {
 public:
  explicit RawSocketLink(const std::string& ifname) : ifname_(ifname) {
    if (ifname.empty() || ifname.size() >= IFNAMSIZ) throw std::runtime_error("invalid interface name '" + ifname + "'");
    fd_ = openPacketSocket(ifname);
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
