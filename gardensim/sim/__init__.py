"""Study definitions, the parallel runner, telemetry rows and the Parquet run store."""
