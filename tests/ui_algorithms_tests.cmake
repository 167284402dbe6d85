# Help -> Algorithms (operation counts table and plot), offscreen.
maniplab_add_test(test_algorithms_dialog test_algorithms_dialog.cpp LIBS maniplab::ui)
