# The .ts files are complete and current (lupdate over the ui sources finds nothing new or stale).
find_package(Qt6 REQUIRED COMPONENTS LinguistTools)
maniplab_add_test(test_translations test_translations.cpp)
target_compile_definitions(test_translations PRIVATE MANIPLAB_LUPDATE="$<TARGET_FILE:Qt6::lupdate>")
