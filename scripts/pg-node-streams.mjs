// pg picks its socket at load time by asking whether it runs in a Cloudflare Worker; on Node 20 the
// question constructs a fetch Response, which loads all of undici (a large part of a PostgreSQL run's
// start). The bundles run only on Node, so the bundler answers the question instead.
const STREAM_MODULE = /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/;
const PROBE = 'if (isCloudflareRuntime()) {';

export const pgNodeStreams = {
  name: 'pg-node-streams',
  transform(code, id) {
    if (!STREAM_MODULE.test(id)) return null;
    // A pg release that asks differently must be looked at, not bundled with the probe left in.
    if (!code.includes(PROBE)) this.error(`pg/lib/stream.js no longer contains "${PROBE}": review this plugin`);
    return { code: code.replace(PROBE, 'if (false) {'), map: null };
  },
};
