// The API's shapes as the page reads them (the OpenAPI document at api/openapi.json is the reference).
export type Link = { href: string; rel: string };
export type Category = {
  id: number;
  name: string;
  order: number;
  parent: { id: number; name: string; order: number } | null;
};

export type Field = {
  _links: { self: Link; values: Link; distribution: Link; stats?: Link };
  id: number;
  name: string;
  plural_name: string;
  alt_name: string | null;
  alt_plural_name: string | null;
  description: string | null;
  keywords: string | null;
  app_name: string;
  model_name: string;
  field_name: string;
  internal_type: string;
  simple_type: string;
  enumerable: boolean;
  nullable: boolean;
  searchable: boolean;
  unit: string | null;
  plural_unit: string | null;
  published: boolean;
  archived: boolean;
  modified: string;
  data_modified: string | null;
  operators: [string, string][];
};

export type Concept = {
  _links: { self: Link; fields: Link; field: (Link & { id: number; name: string })[] };
  id: number;
  name: string;
  plural_name: string;
  description: string;
  keywords: string;
  category: Category | null;
  order: number;
  published: boolean;
  archived: boolean;
  modified: string;
  fields?: Field[];
};

export type Entity = { name: string; plural_name: string; count: number };
export type Root = { title: string; version: string; _links: Record<string, Link>; entity?: Entity };

export type Value = number | string | boolean;
export type ValueCount = { value: Value; label: string; count: number };
export type ValuesPage = {
  values: ValueCount[];
  count: number;
  null_count: number;
  limit: number;
  page_num: number;
  num_pages: number;
};

export type DistPoint = { count: number; values: (Value | null)[]; labels: string[] };
export type Dist = { size: number; clustered: boolean; data: DistPoint[]; outliers: DistPoint[] };

export type Stats = {
  count: number;
  null_count: number;
  distinct: number;
  min: Value | null;
  max: Value | null;
  mean?: number | null;
  stddev?: number | null;
  sum?: number | null;
  quantiles?: Record<string, number | null>;
};
