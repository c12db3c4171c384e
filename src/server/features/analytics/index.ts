/** Reports and analytics: the metric registry's figures and the rows behind them. */
export { analyticsRoutes } from "./routes.ts";
