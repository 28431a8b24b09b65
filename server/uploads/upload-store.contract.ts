// The upload store's contract (store.ts), run on SQLite and PostgreSQL by stores.contract.test.ts
// with two sets of stores on one database, as two server instances have them.
import { describe, expect, it } from "vitest";
import type { EngineStores } from "../stores.ts";
import type { StoredUpload } from "./store.ts";
import type { WithFixture } from "../../tests/support/contract.ts";

export interface UploadContractFixture {
  a: EngineStores;
  b: EngineStores;
}

const image = (id: string, createdAt: string, account = "ann@example.com"): StoredUpload => ({
  id,
  ref: `/assets/uploads/${id}-400x300`,
  originalName: `${id}.png`,
  bytes: 1234,
  width: 400,
  height: 300,
  type: "png",
  account,
  createdAt,
});
const variantsOf = (id: string, fill: number) =>
  ["400.avif", "400.webp", "360.avif", "360.webp"].map((name) => ({
    path: `/assets/uploads/${id}-400x300-${name}`,
    body: Buffer.alloc(3000, fill),
  }));

export function describeUploadStoreContract(withFixture: WithFixture<UploadContractFixture>): void {
  describe("UploadStore", () => {
    it(
      "keeps an image and its variants' bytes; another instance lists it and reads them",
      withFixture(async ({ a, b }) => {
        const first = image("00000000000000aa", "2026-03-09T10:00:00.000Z");
        const second = image("00000000000000bb", "2026-03-09T11:00:00.000Z", "bob@example.com");
        expect(await a.uploads.add(first, variantsOf(first.id, 1))).toBe(true);
        expect(await a.uploads.add(second, variantsOf(second.id, 2))).toBe(true);
        expect(await b.uploads.list(10)).toEqual([second, first]);
        expect(await b.uploads.list(1)).toEqual([second]);
        expect(await b.uploads.find(first.id)).toEqual(first);
        expect(await b.uploads.find("00000000000000cc")).toBeUndefined();
        expect(await b.uploads.variant(`/assets/uploads/${first.id}-400x300-360.webp`)).toEqual(Buffer.alloc(3000, 1));
        expect(await b.uploads.variant(`/assets/uploads/${first.id}-400x300-540.webp`)).toBeUndefined();
      }),
    );

    it(
      "adds a variant to a stored image later, once: another instance reads it, a second add keeps the first bytes",
      withFixture(async ({ a, b }) => {
        const older = image("00000000000000ee", "2026-03-09T10:00:00.000Z");
        await a.uploads.add(older, variantsOf(older.id, 6));
        const jpeg = `/assets/uploads/${older.id}-400x300-400.jpg`;
        expect(await b.uploads.variant(jpeg)).toBeUndefined();
        await Promise.all([
          a.uploads.addVariant(older.id, jpeg, Buffer.alloc(2000, 7)),
          b.uploads.addVariant(older.id, jpeg, Buffer.alloc(2000, 7)),
        ]);
        await b.uploads.addVariant(older.id, jpeg, Buffer.alloc(10, 8));
        expect(await a.uploads.variant(jpeg)).toEqual(Buffer.alloc(2000, 7));
        expect(await b.uploads.find(older.id)).toEqual(older);
      }),
    );

    it(
      "stores the same image once, also when two instances add it at the same moment",
      withFixture(async ({ a, b }) => {
        const one = image("00000000000000dd", "2026-03-09T10:00:00.000Z");
        const added = await Promise.all([
          a.uploads.add(one, variantsOf(one.id, 3)),
          b.uploads.add({ ...one, account: "bob@example.com", originalName: "copy.png" }, variantsOf(one.id, 4)),
        ]);
        expect(added.filter(Boolean)).toHaveLength(1);
        expect(await a.uploads.add(one, variantsOf(one.id, 5))).toBe(false);
        const [stored] = await a.uploads.list(10);
        const winner = added[0] ? 3 : 4;
        expect(stored.account).toBe(added[0] ? "ann@example.com" : "bob@example.com");
        // The variants are the first writer's: a name never changes its bytes.
        for (const { path } of variantsOf(one.id, 0))
          expect(await b.uploads.variant(path)).toEqual(Buffer.alloc(3000, winner));
      }),
    );
  });
}
