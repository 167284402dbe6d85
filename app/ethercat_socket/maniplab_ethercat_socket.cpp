// maniplab-ethercat-socket: the one privileged piece of an installed ManipLab (the Debian package's model,
// as Wireshark's dumpcap: app/packaging/README.md). Installed as /usr/lib/maniplab/maniplab-ethercat-socket,
// owned root:maniplab-ethercat, mode 0750, file capability cap_net_raw (set by the package's postinst), so
// that only the members of the group maniplab-ethercat can run it. It opens one AF_PACKET raw socket for
// EtherCAT frames (EtherType 0x88A4) bound to the interface named by its argument, hands the descriptor
// to its caller over the Unix socket it was given as standard input (SCM_RIGHTS) and exits: the GUI and
// the CLI never hold the privilege themselves (sim/ethercat/src/link.cpp starts it when socket() fails
// with EPERM).
//
//   maniplab-ethercat-socket IFNAME        (standard input: a Unix socket; nothing else is accepted)
//
// Reply on that socket: one message "OK" carrying the descriptor, or "ERROR: TEXT" without one.
// Exit status: 0 the descriptor was sent; 1 it could not be opened or sent (the reason in the reply, or on
// stderr when no reply can be sent); 2 usage (wrong arguments, an invalid interface name, standard
// input not a Unix socket). It reads no file, no environment variable and no other input, keeps no
// descriptor but the ones it is given, and does nothing else.
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>

namespace {

constexpr unsigned short kEtherCatType = 0x88A4;  // ETG.1000.4: the EtherType of EtherCAT frames
constexpr int kChannel = 0;                        // the caller's Unix socket (standard input)

/// A name the kernel could have given an interface, restricted to the characters interface names use
/// (letters, digits, '-', '_', '.'): 1 to IFNAMSIZ - 1 bytes, not "." or "..".
bool validInterfaceName(const char* name) {
  const std::size_t n = std::strlen(name);
  if (n == 0 || n >= IFNAMSIZ) return false;
  if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) return false;
  for (const char* c = name; *c; ++c) {
    const bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-' ||
                    *c == '_' || *c == '.';
    if (!ok) return false;
  }
  return true;
}

bool channelIsUnixSocket() {
  struct stat st {};
  if (::fstat(kChannel, &st) != 0 || !S_ISSOCK(st.st_mode)) return false;
  int domain = 0;
  socklen_t len = sizeof domain;
  return ::getsockopt(kChannel, SOL_SOCKET, SO_DOMAIN, &domain, &len) == 0 && domain == AF_UNIX;
}

/// Sends `text` on the channel, with `fd` attached when fd >= 0.
bool reply(const char* text, int fd) {
  iovec iov{const_cast<char*>(text), std::strlen(text)};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  if (fd >= 0) {
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
  }
  ssize_t r;
  do r = ::sendmsg(kChannel, &msg, MSG_NOSIGNAL);
  while (r < 0 && errno == EINTR);
  return r == ssize_t(iov.iov_len);
}

int fail(const char* ifname, const char* what, int err) {
  char text[256];
  std::snprintf(text, sizeof text, "ERROR: %s: %s: %s%s", ifname, what, std::strerror(err),
                err == EPERM ? " (this helper lacks cap_net_raw, which the package's setup gives it: the administrator runs "
                               "'sudo dpkg-reconfigure maniplab')"
                             : "");
  if (!reply(text, -1)) std::fprintf(stderr, "maniplab-ethercat-socket: %s\n", text + 7);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // Only the descriptors it was given: 0 (the channel), 1 and 2.
  ::close_range(3, UINT_MAX, 0);
  if (argc != 2) {
    std::fprintf(stderr, "usage: maniplab-ethercat-socket IFNAME (started by ManipLab, with a Unix socket as standard input)\n");
    return 2;
  }
  const char* ifname = argv[1];
  if (!channelIsUnixSocket()) {
    std::fprintf(stderr, "maniplab-ethercat-socket: standard input is not a Unix socket: this program is started by "
                         "ManipLab (maniplab, maniplab-cli) to open an EtherCAT socket, not by hand\n");
    return 2;
  }
  if (!validInterfaceName(ifname)) {
    char text[128];
    std::snprintf(text, sizeof text, "ERROR: invalid interface name (1 to %d letters, digits, '-', '_' or '.')", IFNAMSIZ - 1);
    if (!reply(text, -1)) std::fprintf(stderr, "maniplab-ethercat-socket: %s\n", text + 7);
    return 2;
  }
  const unsigned index = ::if_nametoindex(ifname);
  if (index == 0) return fail(ifname, "no such interface", errno);
  const int fd = ::socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(kEtherCatType));
  if (fd < 0) return fail(ifname, "cannot open a raw socket", errno);
  sockaddr_ll sll{};
  sll.sll_family = AF_PACKET;
  sll.sll_protocol = htons(kEtherCatType);
  sll.sll_ifindex = int(index);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&sll), sizeof sll) != 0) return fail(ifname, "cannot bind the raw socket", errno);
  if (!reply("OK", fd)) {
    std::fprintf(stderr, "maniplab-ethercat-socket: %s: cannot pass the socket to the caller: %s\n", ifname, std::strerror(errno));
    return 1;
  }
  return 0;
}
