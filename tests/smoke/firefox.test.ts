// The smoke suite (smoke.ts) in Firefox ESR over WebDriver BiDi.
import { openFirefox } from "./firefox.ts";
import { smokeSuite } from "./smoke.ts";

smokeSuite((baseUrl) => openFirefox(baseUrl));
