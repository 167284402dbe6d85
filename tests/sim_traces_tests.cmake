# Traces: the bounded-memory Recorder, CSV export/import (locale independence, atomic writes), online
# tracking metrics with the UMIS Table 10.1/10.2 definitions, comparison reports, energy balance.
maniplab_add_test(test_recorder test_recorder.cpp LIBS maniplab::sim)
maniplab_add_test(test_csv test_csv.cpp LIBS maniplab::sim)
maniplab_add_test(test_metrics test_metrics.cpp LIBS maniplab::sim nlohmann_json::nlohmann_json)
