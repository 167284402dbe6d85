#pragma once
// The object-dictionary browser of the EtherCAT panel: for one slave of the live bus, every object and
// entry the slave describes by SDO information (ETG.1000.6 §5.6.3: index, name, data type, bit length,
// access), the value of the selected entry read by SDO (any length: expedited or segmented), and a value
// written back in words (ethercat/sdo_value.hpp: integers, REAL32, strings, hex bytes). The bus session
// serialises the requests with its other operations; reads are allowed during a run, writes are not.
// Requests run in Qt's global thread pool, one at a time.
#include <QWidget>
#include <cstdint>
#include <memory>

#include "maniplab/ethercat/bus_session.hpp"

namespace maniplab::ui {

class ObjectDictionaryBrowser : public QWidget {
  Q_OBJECT
 public:
  ObjectDictionaryBrowser(std::shared_ptr<ethercat::BusProvider> provider, QWidget* parent = nullptr);
  ~ObjectDictionaryBrowser() override;  ///< waits for a running request

  /// The slaves to offer ("slave N (name)"), from the panel's last status or scan.
  void setSlaves(const std::vector<ethercat::SlaveInfo>& slaves);
  // Actions (asynchronous; each emits jobFinished).
  void load(int slave);  ///< reads the dictionary of slave `slave` (0-based)
  /// Selects an entry (sub < 0: the object row) and reads its value; false when not listed.
  bool select(std::uint16_t index, int sub);
  void readSelected();
  void writeSelected(const QString& text);

  // State (for tests).
  bool busy() const;
  QString lastError() const;
  int objectCount() const;
  /// The displayed text of an object (sub < 0) or entry row; columns: index, name, type, bits, access, value.
  QString itemText(std::uint16_t index, int sub, int column) const;

 signals:
  void jobFinished(const QString& action, const QString& error);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
