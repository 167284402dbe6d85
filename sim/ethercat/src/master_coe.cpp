// The master's CoE client (coe.hpp codec): mailbox write and read through SM0/SM1 with the mailbox counter
// and the repeat request (ETG.1000.4 §5.6, ESC datasheet section I §8.2), SDO expedited, normal and
// segmented transfers and complete access (ETG.1000.6 §5.6.2, CiA 301 §7.2.4.3), SDO information
// (ETG.1000.6 §5.6.3), emergencies (CiA 301 §7.2.7) logged, never taken for an answer. See master.hpp.
#include "maniplab/ethercat/master.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>

#include "master_internal.hpp"

namespace maniplab::ethercat {

using namespace master_detail;

// --- mailbox and CoE -----------------------------------------------------------------------------------


std::uint32_t Master::SdoData::value() const {
  std::uint32_t v = 0;
  for (std::size_t k = 0; k < data.size() && k < 4; ++k) v |= std::uint32_t(data[k]) << (8 * k);
  return v;
}

void Master::recordEmergency(int slave, const coe::Emergency& e, unsigned long long cycle) {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  std::lock_guard lk(m_);
  if (emergencies_.size() >= MasterStatus::kEmergencyLog) emergencies_.erase(emergencies_.begin());
  emergencies_.push_back({slave, double(t.tv_sec) + t.tv_nsec * 1e-9, e, cycle});
  ++emergencyCount_;
}

std::vector<EmergencyRecord> Master::emergencies() const {
  std::vector<EmergencyRecord> v;
  v.reserve(MasterStatus::kEmergencyLog);
  std::lock_guard lk(m_);
  v = emergencies_;
  return v;
}

bool Master::mailboxSend(int slave, const std::vector<std::uint8_t>& msg, std::string& err) {
  const auto& s = slaves_[std::size_t(slave)];
  if (msg.size() > s.mbxOutSize) {
    err = "message of " + std::to_string(msg.size()) + " bytes exceeds the mailbox (" + std::to_string(s.mbxOutSize) + " bytes)";
    return false;
  }
  std::vector<Datagram> w{{Command::FPWR, 0, FrameBuilder::address(s.station, s.mbxOut), std::vector<std::uint8_t>(s.mbxOutSize)}};
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  for (;;) {
    std::copy(msg.begin(), msg.end(), w[0].data.begin());
    std::fill(w[0].data.begin() + long(msg.size()), w[0].data.end(), 0);
    // A resent frame carries the same message (same counter): a slave that got it already drops it.
    if (!transact(w, err)) return false;
    if (w[0].wkc == 1) return true;
    if (std::chrono::steady_clock::now() > deadline) {
      err = "mailbox write not accepted within 1 s (SM0 at " + hex4(s.mbxOut) + " stays full: the slave does not read its mailbox)";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

bool Master::mailboxRepeat(int slave, std::string& err) {
  // ETG.1000.4 §5.6 / ESC datasheet section I §8.2.5: toggle the repeat bit of SM1's activate register; the
  // slave puts the last message back into its input mailbox and acknowledges with the same value in SM1's
  // PDI control register.
  const auto& s = slaves_[std::size_t(slave)];
  const std::uint16_t act = std::uint16_t(reg::Sm0 + reg::SmSize + reg::SmActivate);
  std::vector<Datagram> r{{Command::FPRD, 0, FrameBuilder::address(s.station, act), {0, 0}}};
  if (!transact(r, err) || r[0].wkc != 1) {
    err = "repeat request: SM1 activate register " + hex4(act) + " not readable" + (err.empty() ? "" : ": " + err);
    return false;
  }
  const std::uint8_t want = std::uint8_t(r[0].data[0] ^ reg::SmRepeatRequest);
  std::vector<Datagram> w{{Command::FPWR, 0, FrameBuilder::address(s.station, act), {want}}};
  if (!transact(w, err) || w[0].wkc != 1) {
    err = "repeat request: SM1 activate register " + hex4(act) + " not written" + (err.empty() ? "" : ": " + err);
    return false;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  for (;;) {
    std::vector<Datagram> q{{Command::FPRD, 0, FrameBuilder::address(s.station, std::uint16_t(act + 1)), {0}}};
    if (transact(q, err) && q[0].wkc == 1 && ((q[0].data[0] ^ want) & reg::SmRepeatAck) == 0) return true;
    if (std::chrono::steady_clock::now() > deadline) {
      err = "repeat request not acknowledged within 0.5 s (SM1 PDI control register " + hex4(std::uint16_t(act + 1)) + ")";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

bool Master::mailboxReceive(int slave, double timeout, coe::Message& out, std::string& err) {
  const auto& s = slaves_[std::size_t(slave)];
  const std::uint16_t status = std::uint16_t(reg::Sm0 + reg::SmSize + reg::SmStatus);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  int repeats = 0;
  for (;;) {
    std::vector<Datagram> st{{Command::FPRD, 0, FrameBuilder::address(s.station, status), {0}}};
    if (!transact(st, err)) return false;
    if (st[0].wkc == 1 && (st[0].data[0] & reg::SmStatusMailboxFull)) {
      std::vector<Datagram> r{{Command::FPRD, 0, FrameBuilder::address(s.station, s.mbxIn), std::vector<std::uint8_t>(s.mbxInSize)}};
      std::string rerr;
      // One attempt: a read whose reply is lost has emptied the mailbox already; the repeat request below
      // gets the message back (a second read would find the mailbox empty).
      const bool got = transact(r, rerr, 1);
      if (!got || r[0].wkc != 1) {
        if (++repeats > 3) {
          err = "mailbox read lost " + std::to_string(repeats) + " times" + (rerr.empty() ? "" : " (" + rerr + ")");
          return false;
        }
        if (!mailboxRepeat(slave, err)) return false;
        continue;
      }
      coe::Message m;
      std::string why;
      if (!coe::decode(r[0].data.data(), r[0].data.size(), m, &why)) {
        err = "malformed mailbox message (" + why + ")";
        return false;
      }
      const std::uint8_t c = m.header.counter;
      if (c != 0 && c == mbxLastIn_[std::size_t(slave)]) continue;  // a repetition of the last message
      mbxLastIn_[std::size_t(slave)] = c;
      switch (m.kind) {
        case coe::Message::Kind::MailboxError:
          err = "mailbox error reply: " + mbx::errorDetailText(m.errorDetail);
          return false;
        case coe::Message::Kind::Emergency:
          recordEmergency(slave, m.emergency, 0);
          continue;  // never the answer
        case coe::Message::Kind::Sdo:
        case coe::Message::Kind::SdoInfo:
          out = std::move(m);
          // the raw command byte, for messages in words
          out.coeNumber = r[0].data.size() > 8 ? r[0].data[8] : 0;
          return true;
        default:
          continue;  // another protocol's or another CoE service's message: not ours
      }
    }
    if (std::chrono::steady_clock::now() > deadline) {
      err = "no mailbox answer within " + std::to_string(int(timeout * 1000)) + " ms";
      return false;
    }
    if (!running_.load()) std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
}

Master::SdoResult Master::sdoRead(int slave, std::uint16_t index, std::uint8_t sub) {
  const SdoData d = sdoUpload(slave, index, sub);
  SdoResult r;
  r.ok = d.ok;
  r.abortCode = d.abortCode;
  r.error = d.error;
  r.value = d.value();
  return r;
}

Master::SdoResult Master::sdoWrite(int slave, std::uint16_t index, std::uint8_t sub, std::uint32_t value, int size) {
  SdoResult r;
  if (size < 1 || size > 4) {
    r.error = slaveName(slave) + ": SDO " + object(index, sub) + " download: a value of 1 to 4 bytes (got " + std::to_string(size) + ")";
    return r;
  }
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  for (int k = 0; k < size; ++k) bytes[std::size_t(k)] = std::uint8_t(value >> (8 * k));
  const SdoData d = sdoDownload(slave, index, sub, bytes);
  r.ok = d.ok;
  r.abortCode = d.abortCode;
  r.error = d.error;
  return r;
}

Master::SdoData Master::sdoUpload(int slave, std::uint16_t index, std::uint8_t sub, bool ca) {
  SdoData r;
  for (int attempt = 0; attempt < 3; ++attempt) {  // a transfer whose request or answer was lost: again
    bool retry = false;
    r = sdoTransfer(slave, index, sub, true, {}, ca, retry);
    if (r.ok || !retry) break;
  }
  return r;
}

Master::SdoData Master::sdoDownload(int slave, std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& data, bool ca) {
  SdoData r;
  for (int attempt = 0; attempt < 3; ++attempt) {
    bool retry = false;
    r = sdoTransfer(slave, index, sub, false, data, ca, retry);
    if (r.ok || !retry) break;
  }
  return r;
}

Master::SdoData Master::sdoTransfer(int slave, std::uint16_t index, std::uint8_t sub, bool upload, const std::vector<std::uint8_t>& data,
                                   bool ca, bool& retry) {
  SdoData res;
  const std::string what = "SDO " + object(index, sub) + (ca ? " (complete access)" : "") + (upload ? " upload: " : " download: ");
  auto fail = [&](const std::string& e) {
    res.ok = false;
    res.error = slaveName(slave) + ": " + what + e;
    return res;
  };
  if (slave < 0 || slave >= slaveCount()) return fail("no such slave");
  const auto& s = slaves_[std::size_t(slave)];
  if (!(s.mailboxProtocols & sii::ProtoCoE) || !s.mbxOutSize || !s.mbxInSize) return fail("the slave has no CoE mailbox (SII word 0x001C)");
  if (!upload && data.empty()) return fail("no data");
  std::lock_guard mbxLock(mbxM_);
  MailboxHold hold(mbxBusy_[std::size_t(slave)]);
  std::string err;
  auto send = [&](const coe::Sdo& m) {
    mbxCounter_[std::size_t(slave)] = mbx::nextCounter(mbxCounter_[std::size_t(slave)]);
    const auto bytes = coe::encode(m, mbxCounter_[std::size_t(slave)], s.mbxOutSize);
    if (bytes.empty()) {
      err = std::string(coe::sdoKindName(m.kind)) + " does not fit in the mailbox (" + std::to_string(s.mbxOutSize) + " bytes)";
      return false;
    }
    return mailboxSend(slave, bytes, err);
  };
  coe::Message m;
  // Waits for the answer and checks it is `want` (abort: its code in words; anything else: its command
  // byte in hex). Matching is on the command specifier (the codec decodes the top 3 bits).
  auto answer = [&](coe::SdoKind want, bool initiate) -> bool {
    if (!mailboxReceive(slave, 1.0, m, err)) {
      retry = err.rfind("no mailbox answer", 0) == 0;
      return false;
    }
    if (m.kind != coe::Message::Kind::Sdo) {
      err = "the answer is not an SDO message (" + std::string(m.kind == coe::Message::Kind::SdoInfo ? "SDO information" : "other") + ")";
      return false;
    }
    if (m.sdo.kind == coe::SdoKind::Abort) {
      res.abortCode = m.sdo.abortCode;
      err = "aborted: " + sdoAbortText(m.sdo.abortCode);
      return false;
    }
    if (m.sdo.kind != want) {
      err = std::string("unexpected response ") + coe::sdoKindName(m.sdo.kind) + " (command " + hex2(m.coeNumber) + ", " +
            coe::serviceName(m.sdo.service) + ") instead of " + coe::sdoKindName(want);
      return false;
    }
    if (initiate && (m.sdo.index != index || m.sdo.subindex != sub)) {
      err = "answer for another object (" + object(m.sdo.index, m.sdo.subindex) + ")";
      return false;
    }
    return true;
  };
  if (upload) {
    if (!send(coe::uploadRequest(index, sub, ca))) return fail(err);
    if (!answer(coe::SdoKind::UploadResponse, true)) return fail(err);
    res.data = m.sdo.data;
    if (!m.sdo.expedited) {
      const std::uint32_t total = m.sdo.completeSize;
      bool toggle = false;
      bool last = res.data.size() >= total;
      while (!last) {
        if (!send(coe::uploadSegmentRequest(toggle))) return fail(err);
        if (!answer(coe::SdoKind::UploadSegmentResponse, false)) return fail("segment " + std::to_string(toggle) + ": " + err);
        if (m.sdo.toggle != toggle) return fail("upload segment with the wrong toggle bit");
        res.data.insert(res.data.end(), m.sdo.data.begin(), m.sdo.data.end());
        last = m.sdo.last;
        toggle = !toggle;
        if (res.data.size() > total) return fail("segments carry " + std::to_string(res.data.size()) + " bytes, " + std::to_string(total) + " announced");
      }
      if (m.sdo.sizeIndicated && res.data.size() != total)
        return fail(std::to_string(res.data.size()) + " bytes received, " + std::to_string(total) + " announced");
      if (res.data.size() > total) res.data.resize(total);
    }
  } else {
    const coe::Sdo rq = coe::downloadRequest(index, sub, data, s.mbxOutSize, ca);
    if (!send(rq)) return fail(err);
    if (!answer(coe::SdoKind::DownloadResponse, true)) return fail(err);
    if (!rq.expedited && rq.data.size() < data.size()) {
      for (const auto& seg : coe::segments(coe::SdoKind::DownloadSegmentRequest, data, rq.data.size(), s.mbxOutSize)) {
        if (!send(seg)) return fail(err);
        if (!answer(coe::SdoKind::DownloadSegmentResponse, false)) return fail("segment: " + err);
        if (m.sdo.toggle != seg.toggle) return fail("download segment acknowledged with the wrong toggle bit");
      }
    }
  }
  res.ok = true;
  return res;
}

std::string Master::sdoObjectList(int slave, std::vector<std::uint16_t>& indices, std::uint16_t listType) {
  indices.clear();
  if (slave < 0 || slave >= slaveCount()) return "slave " + std::to_string(slave + 1) + ": no such slave";
  const auto& s = slaves_[std::size_t(slave)];
  const std::string what = slaveName(slave) + ": SDO information: object list: ";
  if (!(s.mailboxProtocols & sii::ProtoCoE) || !s.mbxOutSize) return what + "the slave has no CoE mailbox";
  std::lock_guard mbxLock(mbxM_);
  MailboxHold hold(mbxBusy_[std::size_t(slave)]);
  std::string err;
  mbxCounter_[std::size_t(slave)] = mbx::nextCounter(mbxCounter_[std::size_t(slave)]);
  if (!mailboxSend(slave, coe::encode(coe::info::odListRequest(listType), mbxCounter_[std::size_t(slave)], s.mbxOutSize), err)) return what + err;
  coe::info::Reassembler ra;
  while (!ra.done()) {
    coe::Message m;
    if (!mailboxReceive(slave, 2.0, m, err)) return what + err;
    if (m.kind != coe::Message::Kind::SdoInfo) {
      if (m.kind == coe::Message::Kind::Sdo && m.sdo.kind == coe::SdoKind::Abort) return what + "aborted: " + sdoAbortText(m.sdo.abortCode);
      return what + "the answer is not an SDO information message";
    }
    if (m.info.opcode == coe::InfoOpcode::Error) {
      std::uint32_t code = 0;
      coe::info::parseError(m.info, code);
      return what + "refused: " + sdoAbortText(code);
    }
    std::string why;
    if (!ra.add(m.info, &why)) return what + why;
  }
  std::uint16_t type = 0;
  if (!coe::info::parseOdList(ra.payload(), type, indices)) return what + "malformed object list";
  return {};
}

std::string Master::sdoObjectInfo(int slave, std::uint16_t index, ObjectInfo& out) {
  out = ObjectInfo{};
  if (slave < 0 || slave >= slaveCount()) return "slave " + std::to_string(slave + 1) + ": no such slave";
  const auto& s = slaves_[std::size_t(slave)];
  const std::string what = slaveName(slave) + ": SDO information: object " + hex4(index) + ": ";
  if (!(s.mailboxProtocols & sii::ProtoCoE) || !s.mbxOutSize) return what + "the slave has no CoE mailbox";
  std::lock_guard mbxLock(mbxM_);
  MailboxHold hold(mbxBusy_[std::size_t(slave)]);
  std::string err;
  auto ask = [&](const coe::SdoInfo& rq, coe::InfoOpcode want, std::vector<std::uint8_t>& payload) -> std::string {
    mbxCounter_[std::size_t(slave)] = mbx::nextCounter(mbxCounter_[std::size_t(slave)]);
    if (!mailboxSend(slave, coe::encode(rq, mbxCounter_[std::size_t(slave)], s.mbxOutSize), err)) return err;
    coe::info::Reassembler ra;
    while (!ra.done()) {
      coe::Message m;
      if (!mailboxReceive(slave, 2.0, m, err)) return err;
      if (m.kind != coe::Message::Kind::SdoInfo) return "the answer is not an SDO information message";
      if (m.info.opcode == coe::InfoOpcode::Error) {
        std::uint32_t code = 0;
        coe::info::parseError(m.info, code);
        return "refused: " + sdoAbortText(code);
      }
      if (m.info.opcode != want) return std::string("unexpected ") + coe::infoOpcodeName(m.info.opcode);
      std::string why;
      if (!ra.add(m.info, &why)) return why;
    }
    payload = ra.payload();
    return {};
  };
  std::vector<std::uint8_t> p;
  if (auto e = ask(coe::info::objectDescriptionRequest(index), coe::InfoOpcode::GetObjectDescriptionResponse, p); !e.empty()) return what + e;
  if (!coe::info::parseObjectDescription(p, out.object)) return what + "malformed object description";
  for (int sub = 0; sub <= out.object.maxSubindex; ++sub) {
    const std::string e = ask(coe::info::entryDescriptionRequest(index, std::uint8_t(sub), 0), coe::InfoOpcode::GetEntryDescriptionResponse, p);
    if (!e.empty()) {
      if (sub > 0 && e.find("refused") != std::string::npos) continue;  // a gap in the subindices
      return what + "subindex " + std::to_string(sub) + ": " + e;
    }
    coe::info::EntryDescription d;
    if (!coe::info::parseEntryDescription(p, d)) return what + "subindex " + std::to_string(sub) + ": malformed entry description";
    out.entries.push_back(std::move(d));
  }
  return {};
}


}  // namespace maniplab::ethercat
