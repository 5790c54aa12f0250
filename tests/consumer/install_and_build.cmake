# Installs the model from PROJECT_BUILD into WORK/prefix, then configures and builds the consumer
# project against that prefix alone, then the same assertions through add_subdirectory. Any
# failure (a static_assert above all) fails the test.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${ARGN}\n${out}")
  endif()
  message("${out}")
endfunction()

file(REMOVE_RECURSE ${WORK})
run(${CMAKE_COMMAND} --install ${PROJECT_BUILD} --prefix ${WORK}/prefix)
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE} -B ${WORK}/build -DCMAKE_PREFIX_PATH=${WORK}/prefix
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
run(${CMAKE_COMMAND} --build ${WORK}/build)
run(${WORK}/build/budget_check)

# The same budgets from a project that vendors this one with add_subdirectory.
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE}/subdirectory -B ${WORK}/subdirectory -DCMAKE_CXX_COMPILER=${CXX}
    -DSMEM_BUDGET_SOURCE=${CONSUMER_SOURCE}/../..)
run(${CMAKE_COMMAND} --build ${WORK}/subdirectory)
run(${WORK}/subdirectory/budget_check)
