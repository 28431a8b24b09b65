/** The usage report page's style sheet (usage-report-html.ts): brand colours, print-friendly, no external file. */
import { brandColors } from "#common/brand.ts";
import { chartColors as colors } from "#common/charts.ts";

export const style = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${brandColors.ink};background:${brandColors.surface}}
.wrap{max-width:1240px;margin:0 auto;padding:0 24px}
.top{background:linear-gradient(120deg,${brandColors.brand900},${brandColors.brand700});color:#fff;padding:28px 0 72px}
.brand{margin:0;font-weight:700;letter-spacing:.02em;display:flex;align-items:center;gap:8px;opacity:.9}
.mark{width:18px;height:18px;border-radius:5px;background:${brandColors.brand100};box-shadow:inset 0 0 0 4px ${brandColors.brand600}}
h1{margin:6px 0 2px;font-size:30px;line-height:1.2}
.period{margin:0;color:${brandColors.brand100}}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(190px,1fr));gap:16px;margin-top:-48px}
.kpi,.panel{background:#fff;border:1px solid ${brandColors.line};border-radius:14px;box-shadow:0 1px 2px rgb(16 24 40 / .05),0 4px 16px rgb(16 24 40 / .04)}
.kpi{padding:16px 20px}
.kpi-label{margin:0;color:${brandColors.muted};font-size:13px;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
.kpi-value{margin:4px 0 0;font-size:30px;font-weight:700;font-variant-numeric:tabular-nums}
.kpi-note{margin:2px 0 0;color:${brandColors.muted};font-size:13px}
.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:20px;margin:20px 0}
.panel{padding:20px 22px}
.panel.wide{grid-column:1/-1}
@media (max-width:900px){.grid{grid-template-columns:1fr}}
h2{margin:0 0 12px;font-size:17px}
.lead{margin:-6px 0 14px;color:${brandColors.muted};font-size:14px}
svg{display:block;width:100%;height:auto;overflow:visible}
.legend{display:flex;gap:18px;list-style:none;margin:8px 0 0 48px;padding:0;font-size:13px;color:${brandColors.muted}}
.legend svg.swatch{display:inline-block;width:12px;height:12px;margin-right:6px;vertical-align:-1px}
.vitals{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin-bottom:18px}
.vital{border:1px solid ${brandColors.line};border-radius:12px;padding:12px 14px}
.vital-name{margin:0;font-weight:700;color:${brandColors.muted}}
.vital-name abbr{text-decoration:none}
.vital-value{margin:2px 0 6px;font-size:22px;font-weight:700;font-variant-numeric:tabular-nums}
.badge{display:inline-block;margin:0;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;color:var(--c);background:color-mix(in srgb,var(--c) 12%,#fff)}
.vital-charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(340px,1fr));gap:16px 24px}
figure{margin:0}
figcaption{font-size:13px;font-weight:600;color:${brandColors.muted};margin-bottom:4px}
.tag{padding:0 6px;border-radius:4px;font-weight:600}
.tag.good{color:${colors.good};background:color-mix(in srgb,${colors.good} 12%,#fff)}
.tag.ni{color:${colors.needsImprovement};background:color-mix(in srgb,${colors.needsImprovement} 12%,#fff)}
.tag.poor{color:${colors.poor};background:color-mix(in srgb,${colors.poor} 12%,#fff)}
details{margin-top:12px;font-size:14px}
summary{cursor:pointer;color:${brandColors.brand700};font-weight:600}
summary:focus-visible{outline:3px solid ${brandColors.focus};outline-offset:2px;border-radius:4px}
table{border-collapse:collapse;width:100%;margin-top:8px;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding-bottom:4px}
th,td{padding:4px 8px;border-bottom:1px solid ${brandColors.line};text-align:right}
th:first-child{text-align:left}
thead th{color:${brandColors.muted};font-weight:600}
.steps{display:flex;flex-wrap:wrap;gap:8px 20px;list-style:none;margin:10px 0 0;padding:0;font-size:14px;color:${brandColors.muted}}
.steps strong{color:${brandColors.ink};font-variant-numeric:tabular-nums}
.steps span{color:${colors.poor};font-weight:600}
.empty{color:${brandColors.muted};margin:0}
.foot{color:${brandColors.muted};font-size:13px;padding-bottom:32px}
code{font-size:12px;background:#fff;border:1px solid ${brandColors.line};border-radius:4px;padding:1px 4px}
@media print{.top{background:${brandColors.brand900};print-color-adjust:exact;-webkit-print-color-adjust:exact}details{display:none}}
`;
