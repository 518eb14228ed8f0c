// Charts: a separate entry point, so that only the pages that draw one load recharts.
export {
  TrendChart,
  ChartLegend,
  type TrendChartProps,
  type TrendRow,
  type TrendSeries,
  type SeriesTone,
} from "./trend-chart";
