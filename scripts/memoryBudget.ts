/**
 * What each process of the running system may hold (docs/operations.md, "Memory",
 * says why each figure). The supervisor passes these to the services it starts;
 * docker-compose.yml's commands repeat them (a test compares the two).
 *
 * `--max-old-space-size` caps the long-lived heap: the gateway's is sized for its
 * two byte-bounded caches (64 MB of API answers, 32 MB of content answers) above
 * its working set; search's at 128 MB gave 5xx under the load bench, at 256 none.
 * `--max-semi-space-size` caps the young generation, which V8 otherwise grows up
 * to 16 MB a half whatever the process keeps: 4 MB where requests are served,
 * where a smaller one is collected more often per request, 2 MB in the pipeline. The pipeline's
 * old space leaves room for a newsletter send (mjml, the caught mail, batches of 500 deliveries).
 */
export const SERVICE_FLAGS = {
  content: ['--max-old-space-size=128', '--max-semi-space-size=4', '--enable-source-maps'],
  search: ['--max-old-space-size=256', '--max-semi-space-size=4', '--enable-source-maps'],
  pipeline: ['--max-old-space-size=320', '--max-semi-space-size=2', '--enable-source-maps'],
  gateway: ['--max-old-space-size=192', '--max-semi-space-size=4', '--enable-source-maps'],
} as const satisfies Record<string, readonly string[]>;
