/**
 * A managed server's web configuration as real nginx files (docs/managed-hosting.md "What the
 * agent renders"): `nginx.conf`, one `sites/vhost-N.conf` per vhost (its aliases in
 * `server_name`, an HTTP block that redirects to HTTPS when ssl_only, the certificate and key when
 * ssl_enabled), one `sites/redirect-N.conf` per domain redirect (`return 301`), the PHP settings
 * as a `fastcgi_param PHP_VALUE` line, and `ssl/cert-N.crt` / `.key`. Every path is relative to
 * the folder holding nginx.conf, so the same files are checked in a staging folder with
 * `nginx -t -p STAGING` and then moved in place.
 */
import type { RenderedFile } from '#shared/managed/rules';
import type { ServerState, StoredVhost } from './state.ts';

export interface RenderOptions {
  /** Where sites live on the server: `ROOT/<domain>/public`. */
  webRoot: string;
  /** PHP-FPM's socket. */
  phpSocket: string;
}

export const DEFAULT_RENDER_OPTIONS: RenderOptions = {
  webRoot: '/srv/www',
  phpSocket: 'unix:/run/php/php-fpm.sock',
};

const HEADER = '# Written by the host agent from the portal: changes made here are overwritten.\n';

/** A string nginx reads back as it is: the rules already refused quotes, `$` and blanks. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function mainConf(): string {
  return `${HEADER}worker_processes auto;
pid nginx.pid;
error_log error.log;

events {
    worker_connections 1024;
}

http {
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    server_tokens off;
    # Host names may be up to 253 characters long.
    server_names_hash_bucket_size 512;
    server_names_hash_max_size 65536;
    client_body_temp_path tmp/client_body;
    proxy_temp_path tmp/proxy;
    fastcgi_temp_path tmp/fastcgi;
    uwsgi_temp_path tmp/uwsgi;
    scgi_temp_path tmp/scgi;
    ssl_protocols TLSv1.2 TLSv1.3;

    server {
        listen 80 default_server;
        server_name _;
        return 444;
    }

    include sites/*.conf;
}
`;
}

function phpLine(state: ServerState): string {
  if (state.php.length === 0) return '';
  const value = state.php.map((p) => `${p.key}=${p.value}`).join('\\n');
  return `        fastcgi_param PHP_VALUE "${value}";\n`;
}

function siteBody(vhost: StoredVhost, state: ServerState, options: RenderOptions): string {
  return `    root ${quoted(`${options.webRoot}/${vhost.domain}/public`)};
    index index.php index.html;

    location / {
        try_files $uri $uri/ =404;
    }

    location ~ \\.php$ {
        try_files $uri =404;
        fastcgi_pass ${options.phpSocket};
        fastcgi_index index.php;
        fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
        fastcgi_param QUERY_STRING $query_string;
        fastcgi_param REQUEST_METHOD $request_method;
        fastcgi_param CONTENT_TYPE $content_type;
        fastcgi_param CONTENT_LENGTH $content_length;
${phpLine(state)}    }
`;
}

function vhostConf(vhost: StoredVhost, state: ServerState, options: RenderOptions): string {
  const names = [vhost.domain, ...vhost.aliases].join(' ');
  const http = vhost.sslOnly
    ? `server {
    listen 80;
    server_name ${names};
    return 301 https://$host$request_uri;
}
`
    : `server {
    listen 80;
    server_name ${names};
${siteBody(vhost, state, options)}}
`;
  const https =
    vhost.sslEnabled && vhost.sslId !== null
      ? `
server {
    listen 443 ssl;
    server_name ${names};
    ssl_certificate ssl/cert-${vhost.sslId}.crt;
    ssl_certificate_key ssl/cert-${vhost.sslId}.key;
${siteBody(vhost, state, options)}}
`
      : '';
  return `${HEADER}${http}${https}`;
}

/** Every file of the server's web configuration. */
export function renderNginx(
  state: ServerState,
  options: RenderOptions = DEFAULT_RENDER_OPTIONS,
): RenderedFile[] {
  const files: RenderedFile[] = [{ path: 'nginx.conf', content: mainConf() }];
  for (const vhost of state.vhosts) {
    files.push({ path: `sites/vhost-${vhost.id}.conf`, content: vhostConf(vhost, state, options) });
  }
  for (const redirect of state.redirects) {
    files.push({
      path: `sites/redirect-${redirect.id}.conf`,
      content: `${HEADER}server {
    listen 80;
    server_name ${redirect.from};
    return 301 ${quoted(redirect.to)};
}
`,
    });
  }
  for (const cert of state.certs) {
    if (!state.vhosts.some((h) => h.sslEnabled && h.sslId === cert.id)) continue;
    const chain = cert.ca ? `\n${cert.ca}` : '';
    files.push({ path: `ssl/cert-${cert.id}.crt`, content: `${cert.cert}${chain}\n` });
    files.push({ path: `ssl/cert-${cert.id}.key`, content: `${cert.key}\n` });
  }
  return files;
}

/** What the page may show: everything but private keys and certificates. */
export function previewFiles(files: readonly RenderedFile[]): RenderedFile[] {
  return files.filter((file) => !file.path.startsWith('ssl/'));
}
