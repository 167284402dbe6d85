# The desktop application shell (MainWindow, worker, control panel, metrics, messages), under Xvfb.
find_package(Qt6 REQUIRED COMPONENTS Test Widgets LinguistTools)
add_executable(test_gui test_gui.cpp)
target_link_libraries(test_gui PRIVATE Qt6::Test maniplab::ui)
target_compile_definitions(test_gui PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}"
                           MANIPLAB_SCREENSHOT_DEFAULT_DIR="${CMAKE_BINARY_DIR}/screenshots")
# The same embedded .qm files as the application (:/i18n/maniplab_*.qm); no lupdate target here.
qt_add_lrelease(test_gui TS_FILES ${PROJECT_SOURCE_DIR}/translations/maniplab_fr.ts
                ${PROJECT_SOURCE_DIR}/translations/maniplab_en.ts QM_FILES_OUTPUT_VARIABLE test_gui_qm_files)
qt_add_resources(test_gui test_gui_translations PREFIX /i18n BASE ${CMAKE_CURRENT_BINARY_DIR}
                 FILES ${test_gui_qm_files})
add_test(NAME test_gui COMMAND xvfb-run -a -s "-screen 0 1600x1000x24" $<TARGET_FILE:test_gui>)
set_tests_properties(test_gui PROPERTIES TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=xcb;LC_ALL=C.UTF-8")
