// libFuzzer target: mailbox messages received by the EtherCAT master (sim/ethercat/src/coe.cpp and
// protocol.cpp): coe::decode of each mailbox read (mailbox error replies, SDO responses of every kind
// including normal and segmented uploads, aborts, SDO information fragments, emergencies, other
// protocols), the reassembly of SDO information fragments and the parsers of the reassembled object
// list, object and entry descriptions, the texts the master logs (emergency, abort, error detail, data
// type), and the first expedited codec mbx::decodeSdo. Input: byte 0 chooses the mailbox size (the SM1
// length, 16..271 bytes); the rest is cut into mailbox reads of that size (the last one shorter), each in
// a buffer of exactly its size. Nothing may crash or read outside a buffer; a decoded message stays
// within what the buffer held; no decoded segment is empty without being the last.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "maniplab/ethercat/coe.hpp"
#include "maniplab/ethercat/protocol.hpp"

using namespace maniplab::ethercat;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t mbxSize = 16 + data[0];
  coe::info::Reassembler ra;
  std::size_t total = 0;
  for (std::size_t pos = 1; pos < size; pos += mbxSize) {
    const std::size_t n = std::min(mbxSize, size - pos);
    const std::vector<std::uint8_t> buf(data + pos, data + pos + n);
    coe::Message m;
    std::string why;
    if (!coe::decode(buf.data(), buf.size(), m, &why)) {
      if (why.empty()) std::abort();  // a refusal says why
    } else {
      total += m.sdo.data.size() + m.info.payload.size();
      if (m.sdo.data.size() > n || m.info.payload.size() > n) std::abort();
      switch (m.kind) {
        case coe::Message::Kind::MailboxError: total += mbx::errorDetailText(m.errorDetail).size(); break;
        case coe::Message::Kind::Emergency:
          total += coe::emergencyText(m.emergency).size() + coe::errorCodeText(m.emergency.errorCode).size();
          break;
        case coe::Message::Kind::Sdo:
          total += std::string(coe::sdoKindName(m.sdo.kind)).size() + std::string(coe::serviceName(m.sdo.service)).size();
          if (m.sdo.kind == coe::SdoKind::Abort) total += sdoAbortText(m.sdo.abortCode).size();
          // A segment that carries nothing and is not the last: a transfer that never ends (the master asks
          // for the next segment for as long as the slave answers so). Never accepted.
          if ((m.sdo.kind == coe::SdoKind::UploadSegmentResponse || m.sdo.kind == coe::SdoKind::DownloadSegmentRequest) &&
              m.sdo.data.empty() && !m.sdo.last)
            std::abort();
          break;
        case coe::Message::Kind::SdoInfo: {
          total += std::string(coe::infoOpcodeName(m.info.opcode)).size();
          if (m.info.opcode == coe::InfoOpcode::Error) {
            std::uint32_t code = 0;
            if (coe::info::parseError(m.info, code)) total += sdoAbortText(code).size();
            break;
          }
          std::string w;
          if (!ra.add(m.info, &w)) {
            if (w.empty()) std::abort();
            ra.reset();
            break;
          }
          if (!ra.done()) break;
          const auto& p = ra.payload();
          std::uint16_t listType = 0;
          std::vector<std::uint16_t> indices;
          coe::info::ObjectDescription od;
          coe::info::EntryDescription ed;
          switch (ra.opcode()) {
            case coe::InfoOpcode::GetOdListResponse:
              if (coe::info::parseOdList(p, listType, indices) && indices.size() * 2 > p.size()) std::abort();
              break;
            case coe::InfoOpcode::GetObjectDescriptionResponse:
              if (coe::info::parseObjectDescription(p, od)) total += od.name.size() + std::string(coe::dataTypeName(od.dataType)).size();
              break;
            case coe::InfoOpcode::GetEntryDescriptionResponse:
              if (coe::info::parseEntryDescription(p, ed)) {
                if (ed.name.size() + ed.valueData.size() > p.size()) std::abort();
                total += std::string(coe::dataTypeName(ed.dataType)).size();
              }
              break;
            default: break;
          }
          ra.reset();
          break;
        }
        default: break;
      }
    }
    mbx::Sdo old;
    if (mbx::decodeSdo(buf.data(), buf.size(), old, &why)) total += old.data;
  }
  [[maybe_unused]] static volatile std::size_t sink;
  sink = total;  // keeps the texts and reads
  return 0;
}
