# The main window's behaviour under Xvfb: the View menu (fit to robot, trails and grid toggles), layout
# and recent files restored by a second window (settings in a temporary directory), a diverging run
# reported with its time and joint, a chain-editor edit moving the 3D view's tool, the omega_n/zeta gain
# design, the comparison view's joint pages for the 6-joint Puma 560 and the metrics CSV export under a
# French locale. Screenshots of the View menu and of the comparison's second page go to the build dir's
# screenshots/ for inspection. The window runs in English from its source strings: no .qm files are
# embedded (the language is set in the test's settings; test_gui checks the translations).
if(TARGET maniplab::ui)
  add_executable(test_main_window_behaviour ${CMAKE_CURRENT_SOURCE_DIR}/test_main_window_behaviour.cpp)
  target_link_libraries(test_main_window_behaviour PRIVATE Qt6::Test maniplab::ui)
  target_include_directories(test_main_window_behaviour PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(test_main_window_behaviour PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
  find_program(MANIPLAB_XVFB_RUN xvfb-run)
  if(MANIPLAB_XVFB_RUN)
    add_test(NAME test_main_window_behaviour
             COMMAND ${MANIPLAB_XVFB_RUN} -a -s "-screen 0 1600x1000x24" $<TARGET_FILE:test_main_window_behaviour>)
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/screenshots)
    set_tests_properties(test_main_window_behaviour PROPERTIES TIMEOUT 300 ENVIRONMENT
                         "QT_QPA_PLATFORM=xcb;LC_ALL=C.UTF-8;MANIPLAB_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots")
  else()
    # Without xvfb the window still works offscreen; the 3D view's camera checks need no rendering.
    add_test(NAME test_main_window_behaviour COMMAND test_main_window_behaviour)
    set_tests_properties(test_main_window_behaviour PROPERTIES TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
  endif()
endif()
