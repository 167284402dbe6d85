// libFuzzer target: an SII (EEPROM) image as the EtherCAT master reads it from a slave (sim/ethercat/src/
// sii.cpp, ETG.2010): wordsNeeded as the master asks for more words piece by piece, then sii::decode of
// the words read (header, strings, general, FMMU, SyncManager, TxPDO/RxPDO, DC categories) and what the
// master takes from the image (name, group and order strings, mailbox SyncManagers, assigned bits). Input:
// the EEPROM bytes, little-endian words (an odd last byte is dropped), in a buffer of exactly that many
// words. Nothing may crash, read outside the words or loop without end; a refusal says why.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "maniplab/ethercat/sii.hpp"

using namespace maniplab::ethercat;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint16_t> all(size / 2);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = std::uint16_t(data[2 * i] | (data[2 * i + 1] << 8));
  // The master's reading loop (Master::readSii): at least 0x40 words, then as many as wordsNeeded says,
  // until it says 0; here the words run out where the input does.
  std::size_t have = std::min<std::size_t>(0x40, all.size());
  for (int guard = 0; guard < 100000; ++guard) {
    const std::size_t need = sii::wordsNeeded(all.data(), have);
    if (need == 0 || need > 32768) break;
    if (need <= have) std::abort();  // asks for no more than it has: would not terminate
    if (have == all.size()) break;
    have = std::min(need, all.size());
  }
  const std::vector<std::uint16_t> words(all.begin(), all.begin() + long(have));
  sii::Image img;
  std::string why;
  const bool ok = sii::decode(words, img, &why);
  if (!ok && why.empty()) std::abort();
  std::size_t total = img.name().size();
  if (img.general) total += img.string(img.general->groupIdx).size() + img.string(img.general->orderIdx).size();
  total += std::size_t(img.syncManagerOf(sii::SmMailboxOut) + img.syncManagerOf(sii::SmMailboxIn));
  for (std::uint8_t sm = 0; sm < 8; ++sm) total += img.assignedBits(sm);
  for (int k = 0; k < 256; ++k) total += img.string(std::uint8_t(k)).size();
  [[maybe_unused]] static volatile std::size_t sink;
  sink = total;
  return 0;
}
