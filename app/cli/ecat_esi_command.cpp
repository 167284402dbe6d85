// maniplab-cli ecat-esi FILE.xml: what the master takes from a vendor's ESI file (ETG.2000): identity,
// SyncManagers, default PDOs, CoE details, distributed-clocks modes, and whether the default mapping
// carries what a CST or CSP run needs (else the drive profile's mapping is written by SDO).
#include <cstdio>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "maniplab/ethercat/drive_profile.hpp"
#include "maniplab/ethercat/esi_reader.hpp"
#include "maniplab/ethercat/hex.hpp"
#include "maniplab/ethercat/pdo_mapping.hpp"
#include "maniplab/ethercat/protocol.hpp"

namespace maniplab::cli {
namespace {

void printPdo(std::ostream& os, const ethercat::esi::Pdo& p) {
  os << "    " << ethercat::hex(p.index, 4) << " " << (p.name.empty() ? "" : "\"" + p.name + "\" ")
     << (p.sm >= 0 ? "SM" + std::to_string(p.sm) + " by default" : "not assigned by default") << ", " << (p.bits() + 7) / 8 << " bytes"
     << (p.fixed ? ", fixed" : "") << (p.mandatory ? ", mandatory" : "");
  if (!p.exclude.empty()) {
    os << ", excludes";
    for (auto x : p.exclude) os << " " << ethercat::hex(x, 4);
  }
  os << "\n";
  std::uint32_t bit = 0;
  for (const auto& e : p.entries) {
    if (e.index == 0) os << "      bit " << bit << ": gap of " << int(e.bits) << " bit(s)\n";
    else
      os << "      bit " << bit << ": " << ethercat::hex(e.index, 4) << ":" << (e.subindex < 16 ? "0" : "") << std::hex << int(e.subindex) << std::dec
         << " " << int(e.bits) << " bit(s)" << (e.name.empty() ? "" : " " + e.name) << (e.dataType.empty() ? "" : " (" + e.dataType + ")") << "\n";
    bit += e.bits;
  }
}

int cmdEcatEsi(const Args& args) {
  std::string path, device;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--device" && i + 1 < args.size()) device = args[++i];
    else if (!args[i].empty() && args[i][0] == '-') {
      std::cerr << "maniplab-cli: ecat-esi: unknown option " << args[i] << "\n";
      return 2;
    } else if (path.empty()) path = args[i];
    else {
      std::cerr << "maniplab-cli: ecat-esi: unexpected argument " << args[i] << "\n";
      return 2;
    }
  }
  if (path.empty()) {
    std::cerr << "maniplab-cli: ecat-esi needs FILE.xml\n";
    return 2;
  }
  ethercat::esi::File f;
  try {
    f = ethercat::esi::load(path);
  } catch (const std::exception& e) {
    std::cerr << "maniplab-cli: ecat-esi: " << e.what() << "\n";
    return 1;
  }
  auto wanted = [&](const ethercat::esi::Device& d) {
    return device.empty() || d.type == device || ethercat::hex(d.productCode, 8) == device || std::to_string(d.productCode) == device;
  };
  bool any = false;
  for (const auto& d : f.devices) any = any || wanted(d);
  if (!any) {
    std::cerr << "maniplab-cli: ecat-esi: " << path << " has no device " << device << "\n";
    return 1;
  }
  std::cout << path << ": vendor " << ethercat::hex(f.vendorId, 8) << (f.vendorName.empty() ? "" : " (" + f.vendorName + ")") << ", "
            << f.devices.size() << " device(s)\n";
  for (const auto& d : f.devices) {
    if (!wanted(d)) continue;
    std::cout << "\n" << d.type << (d.name.empty() || d.name == d.type ? "" : " \"" + d.name + "\"") << ": product code "
              << ethercat::hex(d.productCode, 8) << ", revision " << ethercat::hex(d.revision, 8)
              << (d.profileNo ? ", device profile " + std::to_string(d.profileNo) + (d.profileNo == 402 ? " (CiA 402 drive)" : "") : "")
              << (d.group.empty() ? "" : ", group " + d.group) << (d.objects ? ", " + std::to_string(d.objects) + " objects in its dictionary" : "")
              << "\n";
    std::cout << "  SyncManagers:\n";
    for (std::size_t k = 0; k < d.syncManagers.size(); ++k) {
      const auto& s = d.syncManagers[k];
      std::cout << "    SM" << k << " " << s.kind << ": start " << ethercat::hex(s.start, 4) << ", default size " << s.defaultSize << ", control "
                << ethercat::hex(s.control, 2) << (s.enable ? "" : ", disabled") << "\n";
    }
    if (!d.fmmus.empty()) {
      std::cout << "  FMMUs:";
      for (const auto& x : d.fmmus) std::cout << " " << x;
      std::cout << "\n";
    }
    std::cout << "  RxPDOs (outputs):\n";
    for (const auto& p : d.rxPdos) printPdo(std::cout, p);
    std::cout << "  TxPDOs (inputs):\n";
    for (const auto& p : d.txPdos) printPdo(std::cout, p);
    std::cout << "  Mailbox: " << (d.coe ? "CoE" : "no CoE") << (d.foe ? ", FoE" : "") << (d.eoe ? ", EoE" : "") << (d.soe ? ", SoE" : "");
    if (d.coe)
      std::cout << " (SDO information " << (d.sdoInfo ? "yes" : "no") << ", complete access " << (d.completeAccess ? "yes" : "no")
                << ", PDO assignment " << (d.pdoAssign ? "yes" : "no") << ", PDO configuration " << (d.pdoConfig ? "yes" : "no")
                << ", segmented SDO " << (d.segmentedSdo ? "yes" : "no") << ")";
    std::cout << "\n";
    if (d.dcModes.empty()) std::cout << "  Distributed clocks: no operation modes\n";
    for (const auto& m : d.dcModes)
      std::cout << "  DC mode " << (m.name.empty() ? "?" : m.name) << (m.description.empty() ? "" : " (" + m.description + ")")
                << ": AssignActivate " << ethercat::hex(m.assignActivate, 4) << ((m.assignActivate & 0x0200) ? " (SYNC0)" : " (no SYNC0)")
                << ", SYNC0 cycle " << m.cycleTimeSync0 << (m.cycleTimeSync0Factor ? " x factor " + std::to_string(m.cycleTimeSync0Factor) : "")
                << ", shift " << m.shiftTimeSync0 << " ns\n";
    if (d.eepromBytes) std::cout << "  EEPROM: " << d.eepromBytes << " bytes\n";
    // What a ManipLab run would do with it.
    ethercat::ProcessLayout L;
    const int outSm = d.syncManagerOf("Outputs"), inSm = d.syncManagerOf("Inputs");
    for (const auto& p : d.siiPdos(true))
      if (p.syncManager == outSm) L.rx.push_back(p);
    for (const auto& p : d.siiPdos(false))
      if (p.syncManager == inSm) L.tx.push_back(p);
    L.locateRoles();
    const auto* prof = ethercat::matchDriveProfile(ethercat::shippedDriveProfiles(), f.vendorId, d.productCode, d.revision);
    std::cout << "  ManipLab: default mapping " << L.outputBytes << "/" << L.inputBytes << " bytes; drive profile '"
              << (prof ? prof->name : std::string("none")) << "'\n";
    if (d.profileNo && d.profileNo != 402) {
      std::cout << "    not a CiA 402 drive (device profile " << d.profileNo << "): a run refuses it at its device type (0x1000)\n";
      continue;
    }
    for (std::int8_t mode : {ethercat::cia402::ModeCST, ethercat::cia402::ModeCSP}) {
      std::string missing;
      for (auto r : ethercat::requiredRoles(mode))
        if (!L[r].present()) missing += (missing.empty() ? "" : ", ") + std::string(ethercat::pdoRoleInfo(r).words);
      std::cout << "    " << (mode == ethercat::cia402::ModeCST ? "CST" : "CSP") << ": "
                << (missing.empty() ? "runs on the default mapping" : "the default mapping lacks " + missing + ": the drive profile's mapping is written by SDO")
                << "\n";
    }
  }
  return 0;
}

const Registration kEcatEsi{{"ecat-esi",
                             "  ecat-esi FILE.xml [--device TYPE|PRODUCT]\n"
                             "                                   what the EtherCAT master reads from an ESI file (ETG.2000):\n"
                             "                                   identity, SyncManagers, default PDOs, CoE, DC modes\n"
                             "                                   (AssignActivate, SYNC0), and what a CST/CSP run would map\n",
                             &cmdEcatEsi, 62}};

}  // namespace
}  // namespace maniplab::cli
