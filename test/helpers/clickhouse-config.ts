// The two config files of a test ClickHouse shard (test/helpers/clickhouse.ts): ports, folders, the cluster, two users.

/** A second user with a password, for tests that check credentials never leak. */
export const SECRET_USER = { user: 'sorrel_reader', password: 'pw-7Hq2-never-shown' };

export const CLUSTER = 'sorrel';

/** What a shard's config needs: its ports and folder. */
export type ShardPorts = { http: number; tcp: number; interserver: number; dir: string };

export function configXml(s: ShardPorts, shards: ShardPorts[], users: string): string {
  const replicas = shards
    .map((o) => `<shard><replica><host>127.0.0.1</host><port>${o.tcp}</port></replica></shard>`)
    .join('');
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${s.dir}/server.log</log><errorlog>${s.dir}/server.err.log</errorlog><size>10M</size><count>1</count></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${s.http}</http_port>
  <tcp_port>${s.tcp}</tcp_port>
  <interserver_http_port>${s.interserver}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <path>${s.dir}/data/</path>
  <tmp_path>${s.dir}/tmp/</tmp_path>
  <user_files_path>${s.dir}/user_files/</user_files_path>
  <format_schema_path>${s.dir}/format_schemas/</format_schema_path>
  <users_config>${users}</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
  <remote_servers><${CLUSTER}>${replicas}</${CLUSTER}></remote_servers>
</yandex>
`;
}

export function usersXml(): string {
  const networks = '<networks><ip>127.0.0.1</ip><ip>::1</ip></networks>';
  return `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage><load_balancing>in_order</load_balancing></default></profiles>
  <users>
    <default><password></password>${networks}<profile>default</profile><quota>default</quota></default>
    <${SECRET_USER.user}><password>${SECRET_USER.password}</password>${networks}<profile>default</profile><quota>default</quota></${SECRET_USER.user}>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;
}
