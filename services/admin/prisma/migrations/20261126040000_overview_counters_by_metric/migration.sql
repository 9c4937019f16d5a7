-- CreateIndex
CREATE INDEX "overview_counters_metric_dimension_day_idx" ON "overview_counters"("metric", "dimension", "day");
