maniplab_add_test(test_teach_panel test_teach_panel.cpp LIBS maniplab::ui)
