// The smoke suite (smoke.ts) in WebKitGTK over classic WebDriver, under Xvfb.
import { openWebKit } from "./webkit.ts";
import { smokeSuite } from "./smoke.ts";

smokeSuite((baseUrl) => openWebKit(baseUrl));
