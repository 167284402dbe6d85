#pragma once
// The non-blocking message area: load errors (file and JSON field), simulation failures (time, joint),
// validation messages. Newest message last; never a modal dialog.
#include <QString>
#include <QWidget>

class QListWidget;
class QPushButton;

namespace maniplab::ui {

class MessageArea : public QWidget {
  Q_OBJECT
 public:
  enum class Severity { Info, Warning, Error };
  explicit MessageArea(QWidget* parent = nullptr);

  void addMessage(Severity severity, const QString& text);
  void clear();
  int count() const;
  QString lastMessage() const;  ///< the text of the newest message ("" when empty)
  int errorCount() const;

 signals:
  void messageAdded(const QString& text);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslate();
  QListWidget* list_ = nullptr;
  QPushButton* clearButton_ = nullptr;
  int errors_ = 0;
};

}  // namespace maniplab::ui
