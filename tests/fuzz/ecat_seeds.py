#!/usr/bin/python3
"""Writes the seed corpora of the EtherCAT fuzz targets ecat_frame and ecat_mailbox (corpus/<target>/)
from the specifications' byte layouts, field by field: ETG.1000.4 §5 (Ethernet + EtherCAT header,
datagrams, working counters), ETG.1000.4 §5.6 (mailbox header, mailbox error reply), ETG.1000.6 §5.6 (CoE
header, SDO services, SDO information, emergency), CiA 301 §7.2.4.3 (SDO command specifiers, abort codes).
Run from this directory; the files are committed (the script documents how they were made)."""
import os
import struct

def le16(v): return struct.pack('<H', v)
def le32(v): return struct.pack('<I', v)

# --- frames (ecat_frame): the reply to the master's cyclic request of fuzz_ecat_frame.cpp ----------------
MASTER = bytes([0x00, 0x00, 0x00, 0x4d, 0x4c, 0x01])      # the master's source MAC (bit 1 of byte 0 clear)
FORWARDED = bytes([0x02]) + MASTER[1:]                    # as an ESC forwards it (bit 1 set)
BCAST = b'\xff' * 6

def datagram(cmd, idx, adp, ado, data, wkc, more):
    length = len(data) | (0x8000 if more else 0)
    return bytes([cmd, idx]) + le16(adp) + le16(ado) + le16(length) + le16(0) + data + le16(wkc)

def frame(src, dgs, ethertype=0x88A4, etype=1, pad=True):
    body = b''.join(datagram(*d, more=(i + 1 < len(dgs))) for i, d in enumerate(dgs))
    f = BCAST + src + struct.pack('>H', ethertype) + le16((len(body) & 0x7ff) | (etype << 12)) + body
    if pad and len(f) < 60: f += bytes(60 - len(f))
    return f

FRMW, LRW, FPRD, BRD, APWR, FPWR = 14, 12, 4, 7, 2, 5
def cyclic(idx=0x2A, wkcs=(1, 3, 1, 1, 1), sw=0x0237, torque=0, pos=0, vel=0, err=0, al=0x0008, alcode=0, mbx=0x00):
    pd_out = le16(0x000F) + le16(torque & 0xffff) + le32(pos & 0xffffffff)        # controlword, torque, position (RxPDO, 8 bytes)
    pd_in = le16(sw) + le16(torque & 0xffff) + le32(pos & 0xffffffff) + le32(vel & 0xffffffff) + le16(err)  # TxPDO, 14 bytes
    return [(FRMW, idx, 0x1001, 0x0910, le32(123456789) + le32(0), wkcs[0]),
            (LRW, idx, 0x0000, 0x0001, pd_out + pd_in, wkcs[1]),
            (FPRD, idx, 0x1001, 0x0130, le16(al) + le16(0) + le16(alcode), wkcs[2]),
            (FPRD, idx, 0x1001, 0x092C, le32(12), wkcs[3]),
            (FPRD, idx, 0x1001, 0x080D, bytes([mbx]), wkcs[4])]

frames = {
    'cyclic_reply_op.bin': frame(FORWARDED, cyclic()),
    'cyclic_reply_unforwarded.bin': frame(MASTER, cyclic()),
    'cyclic_reply_wkc_short.bin': frame(FORWARDED, cyclic(wkcs=(1, 2, 1, 1, 1))),
    'cyclic_reply_drive_fault.bin': frame(FORWARDED, cyclic(sw=0x0208, err=0x2310)),
    'cyclic_reply_no_cia402_state.bin': frame(FORWARDED, cyclic(sw=0x0002, pos=0x7FFFFFF0)),
    'cyclic_reply_safeop_error.bin': frame(FORWARDED, cyclic(al=0x0014, alcode=0x001B)),
    'cyclic_reply_mailbox_full.bin': frame(FORWARDED, cyclic(mbx=0x08)),
    'cyclic_reply_stale_index.bin': frame(FORWARDED, cyclic(idx=0x29)),
    'cyclic_request_unprocessed.bin': frame(MASTER, cyclic(wkcs=(0, 0, 0, 0, 0), sw=0, al=0)),
    'scan_brd_reply.bin': frame(FORWARDED, [(BRD, 1, 0x0002, 0x0000, b'\x11', 2)]),
    'apwr_station_reply.bin': frame(FORWARDED, [(APWR, 3, 0x0000, 0x0010, le16(0x1001), 1)]),
    'wrong_ethertype.bin': frame(FORWARDED, cyclic(), ethertype=0x0800),
    'ecat_type_not_datagrams.bin': frame(FORWARDED, cyclic(), etype=4),
    'truncated_datagram.bin': frame(FORWARDED, cyclic(), pad=False)[:40],
    'header_only.bin': (BCAST + FORWARDED + b'\x88\xa4' + le16(0x1000)),
}

# --- mailbox messages (ecat_mailbox): byte 0 = mailbox size - 16, then mailbox reads of that size --------
def mbx(body, typ=3, cnt=1, address=0x1001):
    return le16(len(body)) + le16(address) + bytes([0, (typ & 15) | ((cnt & 7) << 4)]) + body

def coe(service, body, number=0): return le16((number & 0x1ff) | (service << 12)) + body
SDO_REQ, SDO_RSP, EMCY, INFO = 2, 3, 1, 8
def sdo(cmd, index, sub, data4): return bytes([cmd]) + le16(index) + bytes([sub]) + data4

def box(msgs, size=128):
    out = bytes([size - 16])
    for m in msgs:
        out += m + bytes(size - len(m))
    return out

name = b'ManipLab virtual CiA 402 drive'
def info(opcode, payload, incomplete=False, left=0):
    return coe(INFO, bytes([opcode | (0x80 if incomplete else 0), 0]) + le16(left) + payload)

mailboxes = {
    'upload_expedited_4.bin': box([mbx(coe(SDO_RSP, sdo(0x43, 0x1000, 0, le32(0x00020192))))]),
    'upload_expedited_1.bin': box([mbx(coe(SDO_RSP, sdo(0x4F, 0x6061, 0, b'\x0a\x00\x00\x00')))]),
    'upload_segmented.bin': box([mbx(coe(SDO_RSP, sdo(0x41, 0x1008, 0, le32(len(name))) + name[:8]), cnt=1),
                                  mbx(coe(SDO_RSP, bytes([0x00]) + name[8:20]), cnt=2),
                                  mbx(coe(SDO_RSP, bytes([0x10 | 0x01]) + name[20:]), cnt=3)]),
    'upload_complete_access.bin': box([mbx(coe(SDO_RSP, sdo(0x51, 0x1A00, 0, le32(14)) + bytes([4, 0]) + le32(0x60410010) + le32(0x60770010) + le32(0x60640020)))]),
    'download_response.bin': box([mbx(coe(SDO_RSP, sdo(0x60, 0x6060, 0, bytes(4))))]),
    'download_segment_response.bin': box([mbx(coe(SDO_RSP, bytes([0x30]) + bytes(7)))]),
    'abort_no_object.bin': box([mbx(coe(SDO_REQ, sdo(0x80, 0x2345, 0, le32(0x06020000))))]),
    'emergency_overcurrent.bin': box([mbx(coe(EMCY, le16(0x2310) + bytes([0x03, 1, 0, 0, 0, 0])))]),
    'emergency_then_answer.bin': box([mbx(coe(EMCY, le16(0x8611) + bytes([0x21, 2, 0, 0, 0, 0])), cnt=4),
                                      mbx(coe(SDO_RSP, sdo(0x4B, 0x6041, 0, le32(0x0237))), cnt=5)]),
    'mailbox_error_reply.bin': box([mbx(le16(0x0001) + le16(0x0002), typ=0)]),
    'eoe_message.bin': box([mbx(bytes(16), typ=2)]),
    'info_od_list_fragments.bin': box([mbx(info(2, le16(1) + b''.join(le16(i) for i in (0x1000, 0x1008, 0x1018, 0x1600)), True, 1), cnt=1),
                                       mbx(info(2, b''.join(le16(i) for i in (0x1A00, 0x6040, 0x6041))), cnt=2)]),
    'info_object_description.bin': box([mbx(info(4, le16(0x6041) + le16(0x0006) + bytes([0, 7]) + b'Statusword'))]),
    'info_entry_description.bin': box([mbx(info(6, le16(0x6041) + bytes([0, 0x78]) + le16(0x0006) + le16(16) + le16(0x0087)
                                                 + le16(0) + le16(0) + le16(0) + le16(0xFFFF) + b'Statusword'))]),
    'info_error.bin': box([mbx(info(7, le32(0x06020000)))]),
    'small_mailbox_sdo.bin': box([mbx(coe(SDO_RSP, sdo(0x43, 0x1018, 1, le32(0x00ABCDEF))))], size=16),
}

for target, files in (('ecat_frame', frames), ('ecat_mailbox', mailboxes)):
    d = os.path.join('corpus', target)
    os.makedirs(d, exist_ok=True)
    for n, b in files.items():
        with open(os.path.join(d, n), 'wb') as f:
            f.write(b)

# --- SII images (ecat_sii): the hand-built EEPROM of test_ethercat_coe.cpp siiImageFromTheSpecification
# (ETG.2010: header with its CRC-8, strings, general, SyncM, TxPDO, RxPDO, DC, end) and variants --------
def crc8(data):
    crc = 0xff
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xff if crc & 0x80 else (crc << 1) & 0xff
    return crc

def sii_words():
    w = [0] * 0x40
    w[0] = 0x0C08; w[4] = 0x0007
    w[7] = crc8(b''.join(le16(x) for x in w[:7]))
    w[0x08:0x0F] = [0x0002, 0x0000, 0x1C52, 0x1A3A, 0x0010, 0x0014, 0x0005]
    w[0x18:0x1D] = [0x1000, 0x0080, 0x1080, 0x0080, 0x0004]
    w[0x3E] = 0x000F; w[0x3F] = 0x0001
    cats = [10, 3, 0x0202, 0x4241, 0x4301,
            30, 16, 0x0002, 0x0101, 0x2300, 0x0000, 0x0100, 0x0000, 0xFF9C, 0x0002, 0x0011, 0x0000, 0, 0, 0, 0, 0, 0,
            41, 4, 0x1800, 0x000B, 0x0064, 0x0301,
            50, 12, 0x1A00, 0x0302, 0x0000, 0x0000, 0x6041, 0x0000, 0x1006, 0x0000, 0x6064, 0x0000, 0x2004, 0x0000,
            51, 8, 0x1601, 0xFF01, 0x0000, 0x0000, 0x6040, 0x0000, 0x1006, 0x0000,
            60, 12, 0x4240, 0x000F, 0, 0, 0, 0, 0x0000, 0x0300, 0x0001, 0x0002, 0, 0,
            0xFFFF, 0]
    return w + cats

def words(w): return b''.join(le16(x) for x in w)
spec = sii_words()
overrun = list(spec); overrun[0x41] = 200                  # strings category claims 200 words
sii_images = {
    'spec_image.bin': words(spec),
    'spec_image_no_end_marker.bin': words(spec[:-2]),
    'spec_image_strings_overrun.bin': words(overrun),
    'header_only.bin': words(spec[:0x40]),
}
d = os.path.join('corpus', 'ecat_sii')
os.makedirs(d, exist_ok=True)
for n, b in sii_images.items():
    with open(os.path.join(d, n), 'wb') as f:
        f.write(b)
