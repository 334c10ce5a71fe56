import { describe, expect, it } from "vitest";
import { normaliseLabel } from "../../../src/events/index.js";
import { createHashEmbedder } from "../../../src/projections/embed/index.js";
import { buildAnalysisGraph } from "../../../src/queries/algorithms/AnalysisGraph.js";
import { matchNode } from "../../../src/queries/scratch/matchNode.js";

const graph = (labels: string[]) => buildAnalysisGraph({ name: "g", nodes: labels.map((label) => ({ label, type: null })), edges: [] });
const embedder = createHashEmbedder();

describe("tiered node matching", () => {
  it("normalises case, punctuation and how words are joined, but never joins two words into one", () => {
    expect(["AuthService", "auth_service", "auth-service", "Auth Service", "  AUTH.service "].map(normaliseLabel)).toEqual(Array(5).fill("auth service"));
    expect(normaliseLabel("Database")).toBe("database");
    expect(normaliseLabel("Data Base")).toBe("data base");
    expect(normaliseLabel("DataBase")).toBe("data base");
    expect(normaliseLabel("HTTPServer2")).toBe("http server 2");
  });

  it("exact first, then normalised, then by meaning; 'Data Base' is not 'Database' in any tier", async () => {
    const g = graph(["AuthService", "Database", "PaymentService", "UserRepository"]);
    expect(await matchNode(g, "AuthService", embedder)).toMatchObject({ _tag: "Found", node: 0, tier: "exact" });
    expect(await matchNode(g, "auth service", embedder)).toMatchObject({ _tag: "Found", node: 0, tier: "normalised" });
    expect(await matchNode(g, "payment service", embedder)).toMatchObject({ _tag: "Found", node: 2, tier: "normalised" });
    expect(await matchNode(g, "user repositories", embedder)).toMatchObject({ _tag: "Found", node: 3, tier: "similar" });
    const dataBase = await matchNode(g, "Data Base", embedder);
    // Ignoring case comes before normalising: "userdb" normalises to "userdb", "UserDB" to "user db".
    expect(await matchNode(graph(["UserDB", "Users"]), "userdb", embedder)).toMatchObject({ _tag: "Found", node: 0, tier: "case" });
    expect(await matchNode(g, "DATABASE", null)).toMatchObject({ _tag: "Found", node: 1, tier: "case" });
    expect(dataBase._tag).toBe("NotFound");
    // Without an embedder the third tier is skipped, and the closest names are offered.
    expect(await matchNode(g, "user repositories", null)).toMatchObject({ _tag: "NotFound", closest: expect.arrayContaining([3]) });
  });

  it("asks instead of guessing when the top candidates are too close", async () => {
    expect(await matchNode(graph(["API", "Api"]), "api", embedder)).toMatchObject({ _tag: "Ambiguous", tier: "case", candidates: [{ node: 0 }, { node: 1 }] });
    expect(await matchNode(graph(["auth_service", "AuthService"]), "auth service", embedder)).toMatchObject({ _tag: "Ambiguous", tier: "normalised", candidates: [{ node: 0 }, { node: 1 }] });
    const close = await matchNode(graph(["billing service east", "billing service west"]), "billing service", embedder);
    expect(close).toMatchObject({ _tag: "Ambiguous", tier: "similar" });
    if (close._tag === "Ambiguous") expect(close.candidates.map((c) => c.node).sort()).toEqual([0, 1]);
  });
});
