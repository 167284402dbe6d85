#include "maniplab/ui/message_area.hpp"

#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace maniplab::ui {

MessageArea::MessageArea(QWidget* parent) : QWidget(parent) {
  auto* lay = new QVBoxLayout(this);
  lay->setContentsMargins(2, 2, 2, 2);
  list_ = new QListWidget(this);
  list_->setObjectName("messageList");
  list_->setWordWrap(true);
  list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  lay->addWidget(list_);
  auto* row = new QHBoxLayout;
  row->addStretch();
  clearButton_ = new QPushButton(this);
  clearButton_->setObjectName("clearMessagesButton");
  row->addWidget(clearButton_);
  lay->addLayout(row);
  connect(clearButton_, &QPushButton::clicked, this, &MessageArea::clear);
  retranslate();
}

void MessageArea::addMessage(Severity severity, const QString& text) {
  const QString stamp = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
  auto* item = new QListWidgetItem(stamp + QStringLiteral("  ") + text);
  item->setData(Qt::UserRole, text);
  QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
  if (severity == Severity::Warning) icon = QStyle::SP_MessageBoxWarning;
  if (severity == Severity::Error) {
    icon = QStyle::SP_MessageBoxCritical;
    item->setForeground(QColor(200, 30, 30));
    ++errors_;
  }
  item->setIcon(style()->standardIcon(icon));
  item->setToolTip(text);
  list_->addItem(item);
  while (list_->count() > 500) delete list_->takeItem(0);
  list_->scrollToBottom();
  emit messageAdded(text);
}

void MessageArea::clear() {
  list_->clear();
  errors_ = 0;
}

int MessageArea::count() const { return list_->count(); }

int MessageArea::errorCount() const { return errors_; }

QString MessageArea::lastMessage() const {
  if (list_->count() == 0) return {};
  return list_->item(list_->count() - 1)->data(Qt::UserRole).toString();
}

void MessageArea::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void MessageArea::retranslate() { clearButton_->setText(tr("Clear")); }

}  // namespace maniplab::ui
