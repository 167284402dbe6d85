# The identification panel and the worker's identified-model runs (offscreen).
maniplab_add_test(test_identification_panel test_identification_panel.cpp LIBS maniplab::ui)
