/** Where the campaigns section lives in the console: one name for the list, the editor and the import. */
import { consolePath } from "#common/console.ts";

export const campaignsPath = `${consolePath}/campaigns`;
