# Robot file loader tests (robots/README.md): every validation rule with its diagnostic (JSON pointer,
# message, severity), angle units, file errors and the robotToJson round trip.
# nlohmann_json (found by the top-level CMakeLists) builds the malformed documents.
maniplab_add_test(test_robot_file test_robot_file.cpp LIBS nlohmann_json::nlohmann_json)
