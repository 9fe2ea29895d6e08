// The catalog as a tree: categories (nested one level) → concepts → fields, in the API's category order.
import { useSession } from '../session.ts';
import type { Category, Concept, Field } from '../types.ts';
import { toConceptPatch, toFieldPatch } from '../view.ts';
import { Flags } from './badges.tsx';
import { Link } from './link.tsx';

type Node = { category: { id: number; name: string } | null; concepts: Concept[]; children: Node[] };

/** Groups concepts (already in category order) under their top category and, within it, their category. */
export function toTree(concepts: Concept[]): Node[] {
  const tops: Node[] = [];
  const find = (list: Node[], c: { id: number; name: string } | null) => {
    let n = list.find((x) => (x.category?.id ?? null) === (c?.id ?? null));
    if (!n) list.push((n = { category: c, concepts: [], children: [] }));
    return n;
  };
  for (const concept of concepts) {
    const cat: Category | null = concept.category;
    if (cat?.parent) find(find(tops, cat.parent).children, cat).concepts.push(concept);
    else find(tops, cat).concepts.push(concept);
  }
  return [...tops.filter((n) => n.category), ...tops.filter((n) => !n.category)];
}

function ConceptItem({ concept }: { concept: Concept }) {
  const { view, fields } = useSession();
  const refs = concept._links.field;
  const open = view.concept === concept.id || refs.some((r) => r.id === view.field);
  return (
    <li>
      <details open={open}>
        <summary>
          <span class="concept-name">{concept.name}</span>{' '}
          <span class="count" title={`${refs.length} fields`}>
            {refs.length}
            <span class="sr-only"> fields</span>
          </span>{' '}
          <Flags o={concept} />
        </summary>
        <ul>
          <li>
            <Link to={toConceptPatch(concept.id)} class="about" current={view.concept === concept.id}>
              About {concept.name}
            </Link>
          </li>
          {refs.map((r) => (
            <FieldItem key={r.id} field={fields.get(r.id)} id={r.id} name={r.name} />
          ))}
        </ul>
      </details>
    </li>
  );
}

function FieldItem({ field, id, name }: { field: Field | undefined; id: number; name: string }) {
  const { view } = useSession();
  return (
    <li class="field-item">
      <Link to={toFieldPatch(id)} current={view.field === id}>
        {name}
      </Link>{' '}
      {field && <Flags o={field} />}
    </li>
  );
}

function CategoryItem({ node, level }: { node: Node; level: number }) {
  const name = node.category?.name ?? 'Without a category';
  return (
    <li>
      <details open>
        <summary class={`category level-${level}`}>{name}</summary>
        <ul>
          {node.concepts.map((c) => (
            <ConceptItem key={c.id} concept={c} />
          ))}
          {node.children.map((c) => (
            <CategoryItem key={c.category?.id} node={c} level={level + 1} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function CatalogTree() {
  const { concepts, fields } = useSession();
  const inConcepts = new Set(concepts.flatMap((c) => c._links.field.map((r) => r.id)));
  const loose = [...fields.values()].filter((f) => !inConcepts.has(f.id));
  return (
    <nav class="tree" aria-label="Catalog">
      <h2 class="sr-only">Catalog</h2>
      <ul>
        {toTree(concepts).map((n) => (
          <CategoryItem key={n.category?.id ?? 0} node={n} level={1} />
        ))}
        {loose.length > 0 && (
          <li>
            <details open>
              <summary class="category level-1">Fields outside the concepts you see</summary>
              <ul>
                {loose.map((f) => (
                  <FieldItem key={f.id} field={f} id={f.id} name={f.name} />
                ))}
              </ul>
            </details>
          </li>
        )}
      </ul>
    </nav>
  );
}
