import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../shared/config.js';
import { TAXONOMY_SHA256 } from '../../../shared/taxonomy/taxonomy-file.js';
import { lineage, loadTaxonomyFile, parseTaxonomy } from '../../../shared/taxonomy/taxonomy.js';

const HEADER = 'Relational ID System\t\t\tContent Taxonomy v3.1 Tiered Categories\t\t\t\tExtension\r\nUnique ID\tParent\tName\tTier 1\tTier 2\tTier 3\tTier 4\t\r\n';
const tsv = (...rows: string[][]) => HEADER + rows.map((r) => r.join('\t') + '\r\n').join('');

describe('taxonomy loader on the real 3.1 file', () => {
  it('loads 704 nodes, 63 sensitive, and reports the known inconsistencies', async () => {
    const taxonomy = await loadTaxonomyFile(DEFAULT_CONFIG.paths.taxonomyFile);
    expect(taxonomy.sha256).toBe(TAXONOMY_SHA256);
    expect(taxonomy.nodes).toHaveLength(704);
    expect(taxonomy.nodes.filter((n) => n.sensitive)).toHaveLength(63);
    expect(taxonomy.nodes.filter((n) => n.depth === 1)).toHaveLength(37);
    const mismatches = taxonomy.lint.filter((f) => f.kind === 'parent_mismatch').map((f) => f.id);
    expect(mismatches).toContain('376'); // Public Radio: Parent column disagrees with its Tier path
    const publicRadio = taxonomy.byId.get('376');
    expect(publicRadio?.path).toEqual(['Genres', 'Talk Radio', 'Public Radio']);
    expect(taxonomy.byId.get(publicRadio?.parentId ?? '')?.name).toBe('Talk Radio');
  });

  it('resolves a node lineage tier by tier with each tier node name as its label', async () => {
    const taxonomy = await loadTaxonomyFile(DEFAULT_CONFIG.paths.taxonomyFile);
    const laptops = taxonomy.byPath.get('Technology & Computing > Computing > Laptops');
    expect(laptops).toBeDefined();
    expect(lineage(taxonomy, laptops!.id).map((n) => n.name)).toEqual(['Technology & Computing', 'Computing', 'Laptops']);
  });
});

describe('taxonomy linter on broken fixtures', () => {
  it('reports a Parent column that disagrees with the Tier path', () => {
    const t = parseTaxonomy(tsv(['1', '', 'Root', 'Root', '', '', '', ''], ['2', '', 'Child', 'Root', 'Child', '', '', '']));
    expect(t.lint.map((f) => f.kind)).toEqual(['parent_mismatch']);
    expect(t.byId.get('2')?.parentId).toBe('1');
  });

  it('reports a Name that differs from the deepest Tier cell and keeps the Name as label', () => {
    const t = parseTaxonomy(tsv(['1', '', 'Root', 'Root', '', '', '', ''], ['2', '1', 'Short Name', 'Root', 'Long Tier Name', '', '', '']));
    expect(t.lint.map((f) => f.kind)).toEqual(['name_differs_from_tier']);
    expect(t.byId.get('2')?.name).toBe('Short Name');
  });

  it('reports duplicate ids and duplicate paths without crashing', () => {
    const t = parseTaxonomy(
      tsv(['1', '', 'Root', 'Root', '', '', '', ''], ['1', '', 'Other', 'Other', '', '', '', ''], ['3', '', 'Root', 'Root', '', '', '', '']),
    );
    expect(t.lint.map((f) => f.kind)).toEqual(['duplicate_id', 'duplicate_path']);
    expect(t.nodes).toHaveLength(1);
  });

  it('reports tiers that skip a level and nodes without an ancestor', () => {
    const t = parseTaxonomy(tsv(['1', '', 'Root', 'Root', '', '', '', ''], ['2', '1', 'Deep', 'Root', '', 'Deep', '', '']));
    expect(t.lint.map((f) => f.kind)).toEqual(['skipped_tier']);
    const orphan = parseTaxonomy(tsv(['5', '4', 'Orphan', 'Nowhere', 'Orphan', '', '', '']));
    expect(orphan.lint.map((f) => f.kind)).toEqual(['missing_ancestor']);
  });

  it('reads the sensitive marker from the Extension column', () => {
    const t = parseTaxonomy(tsv(['1', '', 'Root', 'Root', '', '', '', 'SCD']));
    expect(t.byId.get('1')?.sensitive).toBe(true);
  });
});
