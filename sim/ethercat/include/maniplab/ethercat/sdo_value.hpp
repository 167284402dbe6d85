#pragma once
// Object values in words and back, by CoE data type (CiA 301 Table 44 / ETG.1000.6 Table 64): integers in
// decimal (and hex), REAL32/REAL64, strings as text, anything else as hex bytes. For the object-dictionary
// browser of the GUI's EtherCAT panel and `ecat-scan --objects`: the master's SDO bytes are little endian.
#include <cstdint>
#include <string>
#include <vector>

namespace maniplab::ethercat {

/// "1234 (0x04D2)", "-3", "1.5", "\"ManipLab\"", "0A 0B 0C" for `bytes` of an entry of `dataType`.
std::string formatSdoValue(std::uint16_t dataType, const std::vector<std::uint8_t>& bytes);
/// The bytes to write for `text` as `dataType` of `bitLength` bits (strings: the text's bytes; octet
/// strings and unknown types: hex bytes "0A 0B"). False with the reason ("'300' is out of range for
/// UNSIGNED8 (0..255)") when it does not fit.
bool parseSdoValue(std::uint16_t dataType, std::uint16_t bitLength, const std::string& text, std::vector<std::uint8_t>& bytes,
                   std::string* why = nullptr);

}  // namespace maniplab::ethercat
