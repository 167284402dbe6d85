#pragma once
// Drive profiles: what the EtherCAT master needs to know about a kind of CiA 402 drive beyond what the
// drive says itself (SII, CoE) — which objects the backend exchanges and how to map them when the drive's
// default mapping lacks one, defaults for objects a drive may not have, how its position feedback is
// referenced, and its distributed-clocks activation. A profile is a JSON file (format below, README
// "Drive profiles"); ManipLab ships several (robots/drives/*.json, built into the library) and a user may
// give their own (`--drive-profile FILE.json`).
//
//   {
//     "format": "maniplab-drive-profile", "version": 1,
//     "name": "Generic CiA 402 drive", "description": "...",
//     "match": { "vendor_id": "0x0000029C", "product_code": "0x03B11002", "revision": "0x00050005" },
//                                   (optional: no match = a generic profile; the most specific match wins)
//     "process_data": {              (the mapping the master writes by SDO in PREOP when needed)
//       "rx_pdos": [ { "index": "0x1600", "entries": ["controlword", "target_torque", "target_position"] } ],
//       "tx_pdos": [ { "index": "0x1A00", "entries": ["statusword", "torque_actual", "position_actual",
//                                                     "velocity_actual", "error_code"] } ]
//                                   (an entry is a role key, {"index": "0x60FE", "subindex": 1, "bits": 32}
//                                    or {"gap": 8})
//     },
//     "defaults": { "encoder_increments": 131072, "motor_revolutions": 1, "rated_torque_mNm": 0 },
//                                   (used, with a warning, when 0x608F / 0x6076 are absent; 0: refuse)
//     "position_feedback": "absolute",   ("incremental": no absolute reference: the position measured when a
//                                    run starts is taken as the run's start, as after homing)
//     "distributed_clocks": { "assign_activate": "0x0300", "sync0_shift_ns": 0 },
//     "watchdog": { "time_ms": 50 }
//                                   (optional: the process-data (SyncManager) watchdog the master programs in
//                                    PREOP — divider 0x0400 = 2498, 100 us units, time 0x0420 = time_ms x 10 —
//                                    and reads back; without "time_ms" the ESC's default, 100 ms (ETG.1000.4
//                                    / ESC datasheet section II: 0x0400 reset 0x09C2, 0x0420 reset 1000);
//                                    0 < time_ms <= 6553.5. No "watchdog": the registers are left as the ESC has them)
//   }
//
// Role keys: controlword, target_torque, target_position, target_velocity, modes_of_operation, statusword,
// torque_actual, position_actual, velocity_actual, error_code, modes_display, digital_inputs
// (pdo_mapping.hpp). Which roles a run needs depends on the mode: requiredRoles().
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "maniplab/ethercat/pdo_mapping.hpp"
#include "maniplab/ethercat/sii.hpp"

namespace maniplab::ethercat {

struct DriveProfile {
  std::string id;           ///< file stem ("generic-cia402"), or the path of a user's file
  std::string name, description;
  std::optional<std::uint32_t> vendor, product, revision;  ///< match (none: generic)
  std::vector<sii::Pdo> rxPdos, txPdos;                    ///< mapping to write (may be empty: never remap)
  std::uint32_t encoderIncrements = 0, motorRevolutions = 1;  ///< used when 0x608F is absent (0: refuse)
  std::uint32_t ratedTorqueMilli = 0;                      ///< [mN m] used when 0x6076 is absent (0: refuse)
  bool incrementalPosition = false;
  std::optional<std::uint16_t> assignActivate;             ///< DC activation (0x0980/0x0981), e.g. 0x0300
  std::int32_t sync0ShiftNs = 0;
  /// Process-data watchdog to program (0x0400/0x0420) [s]; nullopt: leave the ESC's registers as they are.
  std::optional<double> watchdogTime;
  /// How specific the match is: 3 vendor+product+revision, 2 vendor+product, 1 vendor, 0 generic.
  int specificity() const { return vendor ? (product ? (revision ? 3 : 2) : 1) : 0; }
  bool matches(std::uint32_t vendorId, std::uint32_t productCode, std::uint32_t revisionNo) const;
};

/// Parses a profile; throws ReaderError (a std::runtime_error, sim/reader_error.hpp) naming `source`, the
/// JSON pointer of the field and the fault once, in words ("generic.json:/process_data/rx_pdos/0/entries/2:
/// error: unknown role 'torque'"); a value beyond what a real drive has is refused with the accepted range
/// (README "Drive profiles": encoder_increments 0 or 4 to 2^31, motor_revolutions 1 to 65535,
/// rated_torque_mNm 0 or 1 to 10^7, |sync0_shift_ns| <= 10^9; a key repeated or unknown in any object).
DriveProfile parseDriveProfile(const std::string& json, const std::string& source);
/// Reads and parses; a missing file, a directory or a file over 1 MiB is a ReaderError naming the file.
DriveProfile loadDriveProfile(const std::string& path);
/// The shipped profiles (robots/drives/*.json, compiled in).
const std::vector<DriveProfile>& shippedDriveProfiles();
/// A shipped profile by id, or a file path; throws when neither.
DriveProfile findDriveProfile(const std::string& idOrPath);
/// The most specific profile of `candidates` matching the identity (nullptr when none matches).
const DriveProfile* matchDriveProfile(const std::vector<DriveProfile>& candidates, std::uint32_t vendor,
                                      std::uint32_t product, std::uint32_t revision);

/// The roles a run in `mode` (CiA 402 modes of operation: 8 CSP, 10 CST) cannot do without.
std::vector<PdoRole> requiredRoles(std::int8_t mode);

}  // namespace maniplab::ethercat
