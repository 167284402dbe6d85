# Oscilloscope widget: gain/offset mapping, measurements, roll and triggered single sweep, cursors, CSV
# (locale independent) and PNG/SVG export, min/max decimation of 8 x 1 000 000 samples.
maniplab_add_test(test_scope test_scope.cpp LIBS maniplab::ui)
