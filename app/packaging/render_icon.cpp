// maniplab-render-icon: renders the application's SVG icon (app/gui/icon.svg) to the PNG sizes of the
// hicolor icon theme, with Qt's own SVG renderer (the one the application draws its window icon with).
// A build tool of the package (app/packaging/CMakeLists.txt), not installed.
//
//   maniplab-render-icon ICON.svg OUTDIR SIZE...     writes OUTDIR/SIZExSIZE/apps/maniplab.png
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <cstdio>

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QGuiApplication app(argc, argv);
  if (argc < 4) {
    std::fprintf(stderr, "usage: maniplab-render-icon ICON.svg OUTDIR SIZE...\n");
    return 2;
  }
  QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
  if (!svg.isValid()) {
    std::fprintf(stderr, "maniplab-render-icon: %s: not a valid SVG file\n", argv[1]);
    return 1;
  }
  for (int i = 3; i < argc; ++i) {
    bool ok = false;
    const int size = QString::fromLatin1(argv[i]).toInt(&ok);
    if (!ok || size < 8 || size > 1024) {
      std::fprintf(stderr, "maniplab-render-icon: '%s' is not an icon size (8 to 1024)\n", argv[i]);
      return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
      QPainter p(&image);
      p.setRenderHint(QPainter::Antialiasing);
      p.setRenderHint(QPainter::SmoothPixmapTransform);
      svg.render(&p, QRectF(0, 0, size, size));
    }
    const QString dir = QStringLiteral("%1/%2x%2/apps").arg(QString::fromLocal8Bit(argv[2])).arg(size);
    if (!QDir().mkpath(dir) || !image.save(dir + QStringLiteral("/maniplab.png"), "PNG")) {
      std::fprintf(stderr, "maniplab-render-icon: cannot write %s/maniplab.png\n", qPrintable(dir));
      return 1;
    }
  }
  return 0;
}
