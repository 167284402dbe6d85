# The GUI's EtherCAT panel with the in-process virtual drives (offscreen, no privileges).
maniplab_add_test(test_ethercat_panel test_ethercat_panel.cpp LIBS maniplab::ui maniplab::ethercat)
set_tests_properties(test_ethercat_panel PROPERTIES TIMEOUT 180)
