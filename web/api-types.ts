// Generated from the OpenAPI document (src/contract/openapi/, served at /api/openapi.json) by
// openapi-typescript 7.13.0: do not edit. Regenerate with `npm run types`; web/types.ts names the parts the page reads.
export interface paths {
    "/api/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Root document
         * @description The catalog title, the service version and links to the collections and to this document, also as a `Link` header.
         */
        get: operations["getRoot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description The OpenAPI 3.1 description of the service, with the limits this server is configured with.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/concepts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List concepts
         * @description The concepts you may see (a concept is visible when it and every one of its fields are), filtered, searched, sorted and paged. A bare array.
         */
        get: operations["listConcepts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/concepts/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One concept
         * @description One concept, with its fields referenced in `_links.field`, `_links.fields` linking its fields sub-resource (and the fields given in full with `embed=true`).
         */
        get: operations["getConcept"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/concepts/{id}/fields/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A concept's fields
         * @description The concept's fields you may see, as full objects in the concept's order; `alt_name` is the concept's own alternative name when the catalog gives one. A bare array.
         */
        get: operations["listConceptFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fields/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fields
         * @description The fields you may see, filtered, searched, sorted and paged. A field sorts under its own category, else that of the first concept containing it. A bare array.
         */
        get: operations["listFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fields/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One field
         * @description One field with its metadata and operators.
         */
        get: operations["getField"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fields/{id}/values/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Distinct values
         * @description Distinct values with labels and counts: a page envelope, or with `random` a bare array of a uniform draw. Nulls are counted in `null_count`, never listed.
         */
        get: operations["getValues"];
        put?: never;
        /**
         * Validate typed values
         * @description The body is a list of `{"value": …}` or `{"label": "…"}` objects (or one object); the answer is the same list (or object) with `valid` (the value, or the label, is among the field's values you may see; with `aware=true` those the context selects) and the counterpart `label` or `value` added. Other keys are echoed. Same access rules and 404s as GET; `Cache-Control: no-store`. This is what Cilantro 2.3 sends when a user types values.
         */
        post: operations["validateValues"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fields/{id}/dist/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Distribution
         * @description Counts per group of dimension values. When every dimension is a number, outliers (≥ 3× the mean distance from the mean point, after normalising each dimension by its standard deviation) move to `outliers`, and with `cluster=true` and at least 500 points the rest become k-means centroids with weighted counts, after gathering more than `SORREL_MAX_CLUSTER_POINTS` groups on a grid (`cells`): never refused for its size. `bins` and `interval` group number and date/time axes instead (`axes`). Deterministic on every replica.
         */
        get: operations["getDist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fields/{id}/stats/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Summary statistics
         * @description count, null_count, distinct, min, max, and for numbers mean, stddev, sum and the quantiles p05, p25, p50, p75, p95, every one a scalar at the top level. Number, date, time and datetime fields only (others: 422 NOT_SUPPORTED).
         */
        get: operations["getStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/entities/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entity count
         * @description In a catalog with linked datasets (a `root`): how many root entities there are, or with `aware=true` how many the context selects (conditions on any table of the tree combine at the entity level). 404 when the catalog declares no root.
         */
        get: operations["getEntities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description 200 while the process is alive.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description 200 with the served version once data and indexes are loaded (and the last reload's outcome once one was tried); 503 while loading and from the moment a drain starts.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Request counts and latencies by route and status, reply-cache hits, pool queue and utilisation, cache bytes, snapshot row counts (datasets that visible fields name) and Node process metrics. Not public by default: with `SORREL_METRICS_TOKEN` set it needs `Authorization: Bearer <token>`; without a token it is served only when `SORREL_METRICS_PUBLIC=true`, else it is a 404 like an unknown path.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A hypermedia link: an absolute URL built from the request (or the configured base URL) and its relation. */
        Link: {
            href: string;
            rel: string;
        };
        /**
         * @description `YYYY-MM-DDTHH:MM:SS.mmm`, always three fraction digits, UTC implied (no zone designator).
         * @example 2026-11-20T09:15:02.120
         */
        Timestamp: string;
        /** @description The parent of a category, one level deep (its own parent is not given). */
        ParentCategory: {
            id: number;
            name: string;
            order: number;
        };
        Category: {
            id: number;
            name: string;
            /** @description Position among its sibling categories. */
            order: number;
            /** @description null when the category has no parent. */
            parent: components["schemas"]["ParentCategory"] | null;
        };
        /** @description A minimal reference from a concept to one of its fields (HAL array-valued link). */
        FieldRef: {
            href: string;
            /** @constant */
            rel: "field";
            id: number;
            name: string;
        };
        /** @description A concept: a named group of related fields in a category. */
        Concept: {
            _links: {
                self: components["schemas"]["Link"];
                /** @description One link to `/api/concepts/{id}/fields/` (rel `fields`), as Serrano 2.3 served it and Cilantro reads it. */
                fields: components["schemas"]["Link"];
                /** @description The fields of the concept you may see, in concept order, with or without `embed` (HAL array-valued rel). */
                field: components["schemas"]["FieldRef"][];
            };
            id: number;
            name: string;
            /** @description Defaults to the English plural of the name's head noun (pluralize). */
            plural_name: string;
            /** @description May be empty. */
            description: string;
            /** @description May be empty. */
            keywords: string;
            category: components["schemas"]["Category"] | null;
            /** @description Position of the concept within its category. */
            order: number;
            published: boolean;
            archived: boolean;
            sortable: boolean;
            formatter_name: string;
            queryview: string;
            /** @description Offered in a query builder (Cilantro lists a concept in its query panel when true). From the catalog, default true. */
            queryable: boolean;
            /** @description Offered as an output column (Cilantro column picker). From the catalog, default true. */
            viewable: boolean;
            modified: components["schemas"]["Timestamp"];
            /** @description Only with `embed=true`: the same array as `/api/concepts/{id}/fields/`. */
            fields?: components["schemas"]["Field"][];
        };
        /** @description `[code, label]`; a negated code (`-exact`) is the logical NOT of its positive form. */
        Operator: [
            "exact" | "-exact" | "iexact" | "-iexact" | "in" | "-in" | "icontains" | "-icontains" | "lt" | "lte" | "gt" | "gte" | "range" | "-range" | "isnull" | "-isnull",
            string
        ];
        /** @description A field: one attribute (column) of a dataset, with naming, typing and unit metadata. */
        Field: {
            _links: {
                self: components["schemas"]["Link"];
                /** @description rel `data`: `/api/fields/{id}/values/`. */
                values: components["schemas"]["Link"];
                /** @description rel `data`: `/api/fields/{id}/dist/`. */
                distribution: components["schemas"]["Link"];
                /** @description rel `data`: `/api/fields/{id}/stats/`; number, date, time and datetime fields only. */
                stats?: components["schemas"]["Link"];
            };
            id: number;
            name: string;
            plural_name: string;
            /** @description Alternative name; in a concept's field list, the concept's own alternative name when the catalog gives one. */
            alt_name: string | null;
            /** @description Plural of the alternative name. */
            alt_plural_name: string | null;
            /** @description What the field holds. */
            description: string | null;
            /** @description Extra words the search matches. */
            keywords: string | null;
            /** @description The dataset (application) that holds the field. */
            app_name: string;
            model_name: string;
            /** @description The column in the dataset. */
            field_name: string;
            /** @enum {unknown} */
            internal_type: "integer" | "biginteger" | "float" | "decimal" | "boolean" | "char" | "text" | "date" | "datetime" | "time" | "key";
            /**
             * @description integer/biginteger/float/decimal → number; char/text → string; key → key; boolean/date/datetime/time → themselves.
             * @enum {unknown}
             */
            simple_type: "number" | "string" | "boolean" | "date" | "datetime" | "time" | "key";
            /** @description From the catalog, else a string or boolean with at most 30 distinct values. */
            enumerable: boolean;
            nullable: boolean;
            /** @description From the catalog, else a string that is not enumerable. */
            searchable: boolean;
            /** @description Unit of the values. */
            unit: string | null;
            /** @description Defaults to `unit + "s"`. */
            plural_unit: string | null;
            published: boolean;
            archived: boolean;
            modified: components["schemas"]["Timestamp"];
            /** @description The data file's modification time. */
            data_modified: components["schemas"]["Timestamp"] | null;
            /** @description By simple_type, default first: strings exact -exact iexact -iexact in -in icontains -icontains; numbers, dates, times and datetimes exact -exact in -in lt lte gt gte range -range; booleans and keys exact -exact in -in; nullable fields add isnull -isnull. */
            operators: components["schemas"]["Operator"][];
        };
        /** @description A data value in its JSON form: numbers as numbers (a biginteger beyond 2^53 as a string), booleans as booleans, dates `YYYY-MM-DD`, datetimes `YYYY-MM-DDTHH:MM:SS.mmm`, times `HH:MM:SS.mmm`. */
        Value: number | string | boolean;
        ValueCount: {
            value: components["schemas"]["Value"];
            /** @description The string form of the value, or its label from the catalog's `label_column`. */
            label: string;
            /** @description Records carrying the value. Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k. */
            count: number | null;
            /**
             * @description Present (true) when `count` is suppressed by the small-count rule; absent otherwise.
             * @constant
             */
            suppressed?: true;
        };
        /** @description One page of distinct values, ascending by value (with `query`: exact label matches first, then prefixes, then the rest). */
        ValuesPage: {
            values: components["schemas"]["ValueCount"][];
            /** @description Distinct values that match (nulls are not values). */
            count: number;
            /** @description Records whose value is null. When a value on any page is suppressed, rounded down to a multiple of k. Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k. */
            null_count: number | null;
            /** @description The page size asked for (0 = all on one page). */
            limit: number;
            page_num: number;
            /** @description At least 1, even when nothing matches. */
            num_pages: number;
            _links: {
                self: components["schemas"]["Link"];
                base: components["schemas"]["Link"];
                prev?: components["schemas"]["Link"];
                next?: components["schemas"]["Link"];
            };
            /**
             * @description Present (true) when `null_count` is suppressed by the small-count rule; absent otherwise.
             * @constant
             */
            suppressed?: true;
        };
        /** @description With `random=N`: up to N distinct values drawn uniformly without replacement, in value order. */
        ValueSample: components["schemas"]["ValueCount"][];
        /** @description One group (or, when clustered, one k-means centroid in original units with its weighted count). */
        DistPoint: {
            /** @description Records in the group; for a centroid ⌊Σ (1 − dⱼ/S)·cⱼ⌋ over its members. Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k. */
            count: number | null;
            /**
             * @description Present (true) when `count` is suppressed by the small-count rule; absent otherwise.
             * @constant
             */
            suppressed?: true;
            /** @description One value per dimension; null only with `nulls=true`. */
            values: (components["schemas"]["Value"] | null)[];
            /** @description One label per dimension (`"null"` for a null). */
            labels: string[];
        };
        Dist: {
            /** @description Groups before clustering, outliers included. */
            size: number;
            /** @description True when `data` holds k-means centroids. */
            clustered: boolean;
            /** @description Non-empty grid cells: present when more groups than `SORREL_MAX_CLUSTER_POINTS` remained after outliers and were gathered on a grid before k-means. */
            cells?: number;
            /** @description With `bins` or `interval`: how each dimension, in order, was grouped. */
            axes?: components["schemas"]["DistAxis"][];
            data: components["schemas"]["DistPoint"][];
            /** @description Groups at ≥ 3× the mean distance from the mean point (number dimensions only), with their own counts. */
            outliers: components["schemas"]["DistPoint"][];
        };
        /** @description One dimension: `bins` for a binned number axis, `interval` for a truncated date, datetime or time axis, neither for exact values. */
        DistAxis: {
            field: number;
            /** @description Equal-width bins from the field's context-naive min and max: bin i spans [start + i·width, start + (i + 1)·width), the last one closed. A group's value is its bin's lower edge, its label `[lo, hi)`. */
            bins?: {
                width: number;
                start: number;
                /** @description Bins. */
                count: number;
            };
            /**
             * @description The unit (UTC, ISO weeks); a group's value is its period's start, its label the period (`2024-Q2`).
             * @enum {unknown}
             */
            interval?: "year" | "quarter" | "month" | "week" | "day" | "hour" | "minute";
        };
        /** @description Stats of a date, time or datetime field. */
        TemporalStats: {
            /** @description Non-null records. Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k. */
            count: number | null;
            /** @description Null records. Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k. */
            null_count: number | null;
            /**
             * @description Present (true) when `null_count` is suppressed by the small-count rule; absent otherwise.
             * @constant
             */
            suppressed?: true;
            /** @description Distinct non-null values. */
            distinct: number;
            min: string | null;
            max: string | null;
        };
        /** @description A value a user typed: `value` (its JSON form) or `label`; other keys are echoed back. */
        TypedValue: {
            value: string | number | boolean | null;
            label?: string;
        } | {
            value?: string | number | boolean | null;
            label: string;
        };
        /** @description A typed value with `valid` and its counterpart (`label` for a value, `value` for a label) added. */
        CheckedValue: {
            value: string | number | boolean | null;
            label: string | null;
            valid: boolean;
        };
        /** @description Stats of a number field; everything over non-null values, null when there are none. */
        NumberStats: {
            /** @description Non-null records. Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k. */
            count: number | null;
            /** @description Null records. Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k. */
            null_count: number | null;
            /**
             * @description Present (true) when `null_count` is suppressed by the small-count rule; absent otherwise.
             * @constant
             */
            suppressed?: true;
            /** @description Distinct non-null values. */
            distinct: number;
            min: number | string | null;
            max: number | string | null;
            mean: number | null;
            /** @description Sample standard deviation (n − 1); null below 2 values. */
            stddev: number | null;
            /** @description Exact for whole numbers: a JSON number up to 2^53, beyond it a decimal string (also beyond 2^63). Float and decimal fields: a number. */
            sum: number | string | null;
            /** @description The 5th percentile, interpolated linearly between the closest ranks (DuckDB's `quantile_cont`). */
            p05: number | null;
            /** @description The 25th percentile (lower quartile), interpolated linearly between the closest ranks (DuckDB's `quantile_cont`). */
            p25: number | null;
            /** @description The 50th percentile (median), interpolated linearly between the closest ranks (DuckDB's `quantile_cont`). */
            p50: number | null;
            /** @description The 75th percentile (upper quartile), interpolated linearly between the closest ranks (DuckDB's `quantile_cont`). */
            p75: number | null;
            /** @description The 95th percentile, interpolated linearly between the closest ranks (DuckDB's `quantile_cont`). */
            p95: number | null;
        };
        /** @description A context: a condition, a branch of nodes, or `{}` (no filter). Nodes with `"enabled": false` are skipped; a `concept` key is ignored. */
        ContextNode: components["schemas"]["ContextCondition"] | components["schemas"]["ContextBranch"] | Record<string, never>;
        ContextCondition: {
            /** @description A visible field of the same table as the requested field. */
            field: number;
            /**
             * @description One of the field's `operators`.
             * @enum {unknown}
             */
            operator: "exact" | "-exact" | "iexact" | "-iexact" | "in" | "-in" | "icontains" | "-icontains" | "lt" | "lte" | "gt" | "gte" | "range" | "-range" | "isnull" | "-isnull";
            /** @description `in`/`-in` an array, `range`/`-range` a two-element array (inclusive), `isnull`/`-isnull` a boolean, the rest one value in its JSON form; `exact` with null means is-null. */
            value: unknown;
            /** @default true */
            enabled?: boolean;
            /** @description Ignored. */
            concept?: unknown;
        };
        ContextBranch: {
            /** @enum {unknown} */
            type: "and" | "or";
            children: components["schemas"]["ContextNode"][];
            /** @default true */
            enabled?: boolean;
            /** @description Ignored. */
            concept?: unknown;
        };
        /** @description An answer suppressed whole by the catalog's small-count rule (API.md §15): stats over fewer than k records with a value, or any `aware=true` answer whose context keeps 1 to k − 1 records (entities in a model tree). The same shape for values, dist, stats and entities. */
        Suppressed: {
            /** @constant */
            suppressed: true;
        };
        /** @description The root document: the catalog title, the service version and links to the collections (also sent as a `Link` header). */
        Root: {
            title: string;
            /** @description The Serrano API level served (2.3.12), which Cilantro compares before using a feature. */
            version: string;
            /** @description Sorrel's own release. */
            sorrel_version: string;
            /** @description Present when the catalog declares a `root` (linked datasets): what the counted entities are called and how many there are. */
            entity?: components["schemas"]["Entities"];
            /** @description Present when the catalog's small-count rule applies to you (API.md §15): counts below `min_count` are shown as null with `suppressed: true`, others rounded to a multiple of `round_to`. */
            disclosure?: {
                min_count: number;
                round_to: number;
            };
            _links: {
                self: components["schemas"]["Link"];
                concepts: components["schemas"]["Link"];
                fields: components["schemas"]["Link"];
                /** @description This OpenAPI document (rel `service-desc`, RFC 8631). */
                openapi: components["schemas"]["Link"];
            };
        };
        /** @description The root entities of a catalog with linked datasets: their names and how many there are (with `aware=true`, how many the context selects). */
        Entities: {
            name: string;
            plural_name: string;
            /** @description Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`. */
            count: number | null;
            /**
             * @description Present (true) when `count` is suppressed.
             * @constant
             */
            suppressed?: true;
        };
        /** @description The one error body. `message` says what is wrong with which value and how to fix it; `parameter` names the parameter at fault, when one is. */
        Error: {
            /** @enum {integer} */
            status: 400 | 401 | 403 | 404 | 405 | 408 | 413 | 415 | 422 | 429 | 431 | 500 | 503;
            /** @enum {unknown} */
            code: "INVALID_PARAMETER" | "INVALID_CONTEXT" | "INVALID_BODY" | "UNAUTHORIZED" | "FORBIDDEN_PARAMETER" | "NOT_FOUND" | "PAGE_NOT_FOUND" | "METHOD_NOT_ALLOWED" | "REQUEST_TIMEOUT" | "BODY_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "TOO_MANY_GROUPS" | "NOT_SUPPORTED" | "RATE_LIMITED" | "HEADERS_TOO_LARGE" | "INTERNAL" | "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
            message: string;
            parameter?: string;
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        Ready: {
            /** @constant */
            status: "ready";
            /** @description The served version (data content and Sorrel's release): every ETag derives from it, so equal versions mean equal answers. */
            version: string;
            /** @description Present once a reload (SIGHUP) was tried: whether the last one succeeded, when, and how many problems it had (the log names them). */
            reload?: {
                ok: boolean;
                at: components["schemas"]["Timestamp"];
                problems: number;
            };
            /** @description Present when the catalog has engine datasets (ClickHouse): each engine's name and whether it answered a ping. An engine that is down leaves the server ready (its datasets answer 503 ENGINE_UNAVAILABLE). */
            engines?: {
                [key: string]: "up" | "down";
            };
        };
    };
    responses: never;
    parameters: {
        /** @description Identifier of the concept. An unknown id and one you may not see answer the same 404. */
        ConceptId: number;
        /** @description Identifier of the field. An unknown id and one you may not see answer the same 404. */
        FieldId: number;
        /** @description `category`: category order, category name, then the object's order, name, id (objects without a category last). `name`: case-insensitive name, then id. With `query` and no `sort`, the order is relevance. */
        ListSort: "category" | "name";
        /** @description `desc` reverses the whole sort key. */
        ListOrder: "asc" | "desc";
        /** @description Privileged users: `true` only published objects, `false` only unpublished ones; absent = both. Others may send `true` only (`false` is a 403 FORBIDDEN_PARAMETER). Also accepts 1/0 and yes/no, in any case. */
        Published: boolean;
        /** @description Privileged users: `true` only archived objects, `false` only unarchived ones; absent = both. Others may send `false` only (`true` is a 403 FORBIDDEN_PARAMETER). Also accepts 1/0 and yes/no, in any case. */
        Archived: boolean;
        /** @description Search over metadata and data values: terms must all match (substring, case- and accent-insensitive), `-term` must not, `"a phrase"` matches consecutive words within one piece of text. At most 32 terms; an unbalanced quote is a 400. */
        ListQuery: string;
        /** @description Adds `fields` to each concept: the same array as `/api/concepts/{id}/fields/`. Also accepts 1/0 and yes/no, in any case. */
        Embed: boolean;
        /** @description Page size; 0 = all. The total before paging is in `X-Total-Count`; `Link` carries `next`/`prev`. */
        ListLimit: number;
        /** @description Items to skip. */
        ListOffset: number;
        /** @description Filters value labels with the search grammar; exact label matches come first, then labels starting with the query. */
        ValuesQuery: string;
        /** @description Values per page; 0 = all on one page (refused above 100000 values). */
        ValuesLimit: number;
        /** @description Page number; past the last page is a 404 PAGE_NOT_FOUND. */
        ValuesPage: number;
        /** @description Answer a bare array of up to N distinct values drawn uniformly without replacement (after `query` and `aware` restrict the population). Without `seed` the answer carries no ETag. */
        Random: number;
        /** @description Makes a `random` draw reproducible on every replica; only with `random`. */
        Seed: number;
        /** @description `true` restricts the answer to the records that match `context`; `false` ignores `context`. Also accepts 1/0 and yes/no, in any case. */
        Aware: boolean;
        /** @description The context as URL-encoded JSON (the service is stateless); used only with `aware=true`. At most 16 KiB, 256 conditions, depth 32; anything invalid is a 400 INVALID_CONTEXT naming the node. */
        Context: string;
        /** @description Field ids to group by, repeated (`dimensions=3&dimensions=7`) or comma-separated (`dimensions=3,7`); the path's field is put first when missing; at most 4 in all, all in the same table. */
        Dimensions: number[];
        /** @description Keep groups in which a dimension is null (value `null`, label `"null"`). Also accepts 1/0 and yes/no, in any case. */
        Nulls: boolean;
        /** @description `fields`: by dimension values ascending, nulls last. `count`: by count descending, ties by values. */
        DistSort: "fields" | "count";
        /** @description k-means clustering when every dimension is a number and at least 500 points remain after outliers. Also accepts 1/0 and yes/no, in any case. */
        Cluster: boolean;
        /** @description Number of clusters, 1 … points (default ⌊√⌊points/2⌋⌋). */
        ClusterCount: number;
        /** @description Group every number axis into at most N equal bins of a nice width (1, 2 or 5 × 10^k) over the field's context-naive range; `auto`: ⌈log₂ n⌉ + 1, at most 100. No outliers or clustering then. */
        Bins: number | "auto";
        /** @description Group every date and datetime axis (hour and minute: also time axes) by that period, in UTC, weeks from Monday (ISO); `auto`: the largest unit with at least 12 periods over the naive range. */
        Interval: "year" | "quarter" | "month" | "week" | "day" | "hour" | "minute" | "auto";
        /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
        IfNoneMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description A strong validator from the data version, what the user may see (privileged flag and groups, never the token) and the normalised request. Send it back in `If-None-Match` for a 304. */
        ETag: string;
        /** @description As ETag; absent on a `random` draw without `seed`, which is not repeatable. */
        OptionalETag: string;
        /** @description Configurable (`SORREL_CACHE_CONTROL`), default `private, no-cache`. */
        CacheControl: string;
        /** @description Answers depend on the credentials and the origin. */
        Vary: "Authorization, Origin";
        /** @description Answers depend on the credentials, the origin and `Accept` (JSON, or an Arrow IPC stream for `application/vnd.apache.arrow.stream`). */
        VaryAccept: "Authorization, Origin, Accept";
        /** @description Number of items before paging. */
        TotalCount: number;
        /** @description `<url>; rel="next"` and/or `<url>; rel="prev"` when paging with `limit`/`offset`. */
        PageLink: string;
        /** @description The root document's links: `<url>; rel="self"`, `rel="concepts"`, `rel="fields"`, `rel="service-desc"`. */
        RootLink: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description The scheme to use: `Bearer realm="sorrel"`. */
        WwwAuthenticate: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getRoot: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The root document. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    Link: components["headers"]["RootLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Root"];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: unknown;
                        };
                        components: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listConcepts: {
        parameters: {
            query?: {
                /** @description `category`: category order, category name, then the object's order, name, id (objects without a category last). `name`: case-insensitive name, then id. With `query` and no `sort`, the order is relevance. */
                sort?: components["parameters"]["ListSort"];
                /** @description `desc` reverses the whole sort key. */
                order?: components["parameters"]["ListOrder"];
                /** @description Privileged users: `true` only published objects, `false` only unpublished ones; absent = both. Others may send `true` only (`false` is a 403 FORBIDDEN_PARAMETER). Also accepts 1/0 and yes/no, in any case. */
                published?: components["parameters"]["Published"];
                /** @description Privileged users: `true` only archived objects, `false` only unarchived ones; absent = both. Others may send `false` only (`true` is a 403 FORBIDDEN_PARAMETER). Also accepts 1/0 and yes/no, in any case. */
                archived?: components["parameters"]["Archived"];
                /** @description Search over metadata and data values: terms must all match (substring, case- and accent-insensitive), `-term` must not, `"a phrase"` matches consecutive words within one piece of text. At most 32 terms; an unbalanced quote is a 400. */
                query?: components["parameters"]["ListQuery"];
                /** @description Page size; 0 = all. The total before paging is in `X-Total-Count`; `Link` carries `next`/`prev`. */
                limit?: components["parameters"]["ListLimit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["ListOffset"];
                /** @description Adds `fields` to each concept: the same array as `/api/concepts/{id}/fields/`. Also accepts 1/0 and yes/no, in any case. */
                embed?: components["parameters"]["Embed"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The concepts. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["PageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concept"][];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_PARAMETER. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_PARAMETER";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description A non-privileged `published=false` or `archived=true`. Codes: FORBIDDEN_PARAMETER. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN_PARAMETER";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getConcept: {
        parameters: {
            query?: {
                /** @description Adds `fields` to each concept: the same array as `/api/concepts/{id}/fields/`. Also accepts 1/0 and yes/no, in any case. */
                embed?: components["parameters"]["Embed"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Identifier of the concept. An unknown id and one you may not see answer the same 404. */
                id: components["parameters"]["ConceptId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The concept. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concept"];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_PARAMETER. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_PARAMETER";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listConceptFields: {
        parameters: {
            query?: {
                /** @description Page size; 0 = all. The total before paging is in `X-Total-Count`; `Link` carries `next`/`prev`. */
                limit?: components["parameters"]["ListLimit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["ListOffset"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Identifier of the concept. An unknown id and one you may not see answer the same 404. */
                id: components["parameters"]["ConceptId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fields. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["PageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Field"][];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_PARAMETER. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_PARAMETER";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listFields: {
        parameters: {
            query?: {
                /** @description `category`: category order, category name, then the object's order, name, id (objects without a category last). `name`: case-insensitive name, then id. With `query` and no `sort`, the order is relevance. */
                sort?: components["parameters"]["ListSort"];
                /** @description `desc` reverses the whole sort key. */
                order?: components["parameters"]["ListOrder"];
                /** @description Privileged users: `true` only published objects, `false` only unpublished ones; absent = both. Others may send `true` only (`false` is a 403 FORBIDDEN_PARAMETER). Also accepts 1/0 and yes/no, in any case. */
                published?: components["parameters"]["Published"];
                /** @description Privileged users: `true` only archived objects, `false` only unarchived ones; absent = both. Others may send `false` only (`true` is a 403 FORBIDDEN_PARAMETER). Also accepts 1/0 and yes/no, in any case. */
                archived?: components["parameters"]["Archived"];
                /** @description Search over metadata and data values: terms must all match (substring, case- and accent-insensitive), `-term` must not, `"a phrase"` matches consecutive words within one piece of text. At most 32 terms; an unbalanced quote is a 400. */
                query?: components["parameters"]["ListQuery"];
                /** @description Page size; 0 = all. The total before paging is in `X-Total-Count`; `Link` carries `next`/`prev`. */
                limit?: components["parameters"]["ListLimit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["ListOffset"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fields. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["PageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Field"][];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_PARAMETER. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_PARAMETER";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description A non-privileged `published=false` or `archived=true`. Codes: FORBIDDEN_PARAMETER. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN_PARAMETER";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getField: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Identifier of the field. An unknown id and one you may not see answer the same 404. */
                id: components["parameters"]["FieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The field. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Field"];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getValues: {
        parameters: {
            query?: {
                /** @description Filters value labels with the search grammar; exact label matches come first, then labels starting with the query. */
                query?: components["parameters"]["ValuesQuery"];
                /** @description Values per page; 0 = all on one page (refused above 100000 values). */
                limit?: components["parameters"]["ValuesLimit"];
                /** @description Page number; past the last page is a 404 PAGE_NOT_FOUND. */
                page?: components["parameters"]["ValuesPage"];
                /** @description Answer a bare array of up to N distinct values drawn uniformly without replacement (after `query` and `aware` restrict the population). Without `seed` the answer carries no ETag. */
                random?: components["parameters"]["Random"];
                /** @description Makes a `random` draw reproducible on every replica; only with `random`. */
                seed?: components["parameters"]["Seed"];
                /** @description `true` restricts the answer to the records that match `context`; `false` ignores `context`. Also accepts 1/0 and yes/no, in any case. */
                aware?: components["parameters"]["Aware"];
                /** @description The context as URL-encoded JSON (the service is stateless); used only with `aware=true`. At most 16 KiB, 256 conditions, depth 32; anything invalid is a 400 INVALID_CONTEXT naming the node. */
                context?: components["parameters"]["Context"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Identifier of the field. An unknown id and one you may not see answer the same 404. */
                id: components["parameters"]["FieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The values. */
            200: {
                headers: {
                    ETag: components["headers"]["OptionalETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["VaryAccept"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValuesPage"] | components["schemas"]["ValueSample"] | components["schemas"]["Suppressed"];
                    "application/vnd.apache.arrow.stream": string;
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["VaryAccept"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_PARAMETER, INVALID_CONTEXT, INVALID_BODY. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_PARAMETER" | "INVALID_CONTEXT" | "INVALID_BODY";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND, PAGE_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND" | "PAGE_NOT_FOUND";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    validateValues: {
        parameters: {
            query?: {
                /** @description `true` restricts the answer to the records that match `context`; `false` ignores `context`. Also accepts 1/0 and yes/no, in any case. */
                aware?: components["parameters"]["Aware"];
                /** @description The context as URL-encoded JSON (the service is stateless); used only with `aware=true`. At most 16 KiB, 256 conditions, depth 32; anything invalid is a 400 INVALID_CONTEXT naming the node. */
                context?: components["parameters"]["Context"];
            };
            header?: never;
            path: {
                /** @description Identifier of the field. An unknown id and one you may not see answer the same 404. */
                id: components["parameters"]["FieldId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TypedValue"][] | components["schemas"]["TypedValue"];
            };
        };
        responses: {
            /** @description The items, checked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckedValue"][] | components["schemas"]["CheckedValue"] | components["schemas"]["Suppressed"];
                };
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_BODY, INVALID_CONTEXT, INVALID_PARAMETER. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_BODY" | "INVALID_CONTEXT" | "INVALID_PARAMETER";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description A POST body over the configured limit. Codes: BODY_TOO_LARGE. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "BODY_TOO_LARGE";
                    };
                };
            };
            /** @description A POST body not sent as application/json. Codes: UNSUPPORTED_MEDIA_TYPE. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getDist: {
        parameters: {
            query?: {
                /** @description Field ids to group by, repeated (`dimensions=3&dimensions=7`) or comma-separated (`dimensions=3,7`); the path's field is put first when missing; at most 4 in all, all in the same table. */
                dimensions?: components["parameters"]["Dimensions"];
                /** @description Keep groups in which a dimension is null (value `null`, label `"null"`). Also accepts 1/0 and yes/no, in any case. */
                nulls?: components["parameters"]["Nulls"];
                /** @description `fields`: by dimension values ascending, nulls last. `count`: by count descending, ties by values. */
                sort?: components["parameters"]["DistSort"];
                /** @description k-means clustering when every dimension is a number and at least 500 points remain after outliers. Also accepts 1/0 and yes/no, in any case. */
                cluster?: components["parameters"]["Cluster"];
                /** @description Number of clusters, 1 … points (default ⌊√⌊points/2⌋⌋). */
                n?: components["parameters"]["ClusterCount"];
                /** @description Group every number axis into at most N equal bins of a nice width (1, 2 or 5 × 10^k) over the field's context-naive range; `auto`: ⌈log₂ n⌉ + 1, at most 100. No outliers or clustering then. */
                bins?: components["parameters"]["Bins"];
                /** @description Group every date and datetime axis (hour and minute: also time axes) by that period, in UTC, weeks from Monday (ISO); `auto`: the largest unit with at least 12 periods over the naive range. */
                interval?: components["parameters"]["Interval"];
                /** @description `true` restricts the answer to the records that match `context`; `false` ignores `context`. Also accepts 1/0 and yes/no, in any case. */
                aware?: components["parameters"]["Aware"];
                /** @description The context as URL-encoded JSON (the service is stateless); used only with `aware=true`. At most 16 KiB, 256 conditions, depth 32; anything invalid is a 400 INVALID_CONTEXT naming the node. */
                context?: components["parameters"]["Context"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Identifier of the field. An unknown id and one you may not see answer the same 404. */
                id: components["parameters"]["FieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The distribution. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["VaryAccept"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dist"] | components["schemas"]["Suppressed"];
                    "application/vnd.apache.arrow.stream": string;
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["VaryAccept"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_PARAMETER, INVALID_CONTEXT, INVALID_BODY. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_PARAMETER" | "INVALID_CONTEXT" | "INVALID_BODY";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description The request is well formed but cannot be answered. Codes: TOO_MANY_GROUPS. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "TOO_MANY_GROUPS";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getStats: {
        parameters: {
            query?: {
                /** @description `true` restricts the answer to the records that match `context`; `false` ignores `context`. Also accepts 1/0 and yes/no, in any case. */
                aware?: components["parameters"]["Aware"];
                /** @description The context as URL-encoded JSON (the service is stateless); used only with `aware=true`. At most 16 KiB, 256 conditions, depth 32; anything invalid is a 400 INVALID_CONTEXT naming the node. */
                context?: components["parameters"]["Context"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Identifier of the field. An unknown id and one you may not see answer the same 404. */
                id: components["parameters"]["FieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stats. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NumberStats"] | components["schemas"]["TemporalStats"] | components["schemas"]["Suppressed"];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_PARAMETER, INVALID_CONTEXT, INVALID_BODY. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_PARAMETER" | "INVALID_CONTEXT" | "INVALID_BODY";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description The request is well formed but cannot be answered. Codes: NOT_SUPPORTED. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "NOT_SUPPORTED";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getEntities: {
        parameters: {
            query?: {
                /** @description `true` restricts the answer to the records that match `context`; `false` ignores `context`. Also accepts 1/0 and yes/no, in any case. */
                aware?: components["parameters"]["Aware"];
                /** @description The context as URL-encoded JSON (the service is stateless); used only with `aware=true`. At most 16 KiB, 256 conditions, depth 32; anything invalid is a 400 INVALID_CONTEXT naming the node. */
                context?: components["parameters"]["Context"];
            };
            header?: {
                /** @description An ETag from an earlier answer: a match is a 304 with no body, before any work. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entities. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Entities"] | components["schemas"]["Suppressed"];
                };
            };
            /** @description The `If-None-Match` validator matches: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape. Codes: INVALID_CONTEXT, INVALID_PARAMETER. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "INVALID_CONTEXT" | "INVALID_PARAMETER";
                    };
                };
            };
            /** @description Bad or expired credentials, or none when anonymous access is off. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Unknown path, or an unknown or invisible id (the same answer for both). Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted. Codes: RATE_LIMITED. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
            /** @description Anything else; no internals in the body (the log has them). Codes: INTERNAL. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 500;
                        /** @enum {unknown} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline. Codes: UNAVAILABLE, ENGINE_UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE" | "ENGINE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ready"];
                };
            };
            /** @description Still loading. Codes: UNAVAILABLE. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "UNAVAILABLE";
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format 0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The metrics token is missing or wrong. Codes: UNAUTHORIZED. */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description No `SORREL_METRICS_TOKEN` and no `SORREL_METRICS_PUBLIC=true`: /metrics is not served. Codes: NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
        };
    };
}
