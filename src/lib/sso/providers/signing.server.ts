import { createHash, createHmac } from 'node:crypto';

// Request signing of the two SMS clouds, implemented from their public documentation and checked
// against the documents' own worked examples (tests/api/sso-providers.test.ts).

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding (encodeURIComponent leaves !'()* alone; the clouds do not). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export type AliyunV3Input = {
  method: 'GET' | 'POST';
  host: string;
  /** Canonical URI, '/' for RPC-style APIs such as dysmsapi SendSms. */
  path?: string;
  query: Record<string, string>;
  body?: string;
  action: string;
  version: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** ISO 8601 UTC without milliseconds, e.g. 2023-10-26T10:22:32Z. */
  date: string;
  nonce: string;
};

export type SignedRequest = { url: string; headers: Record<string, string>; canonicalRequest: string; stringToSign: string; signature: string };

/** Alibaba Cloud OpenAPI V3 signature (ACS3-HMAC-SHA256). */
export function signAliyunV3(input: AliyunV3Input): SignedRequest {
  const body = input.body ?? '';
  const path = input.path ?? '/';
  const canonicalQuery = Object.keys(input.query)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(input.query[k] ?? '')}`)
    .join('&');
  const headers: Record<string, string> = {
    host: input.host,
    'x-acs-action': input.action,
    'x-acs-content-sha256': sha256(body),
    'x-acs-date': input.date,
    'x-acs-signature-nonce': input.nonce,
    'x-acs-version': input.version,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method, path, canonicalQuery, canonicalHeaders, signedHeaders, headers['x-acs-content-sha256']].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`;
  const signature = hmac(input.accessKeySecret, stringToSign).toString('hex');
  headers['authorization'] = `ACS3-HMAC-SHA256 Credential=${input.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`;
  const url = `https://${input.host}${path}${canonicalQuery ? `?${canonicalQuery}` : ''}`;
  return { url, headers, canonicalRequest, stringToSign, signature };
}

export type TencentTc3Input = {
  secretId: string;
  secretKey: string;
  /** Service name, e.g. 'sms' (host sms.tencentcloudapi.com). */
  service: string;
  host: string;
  action: string;
  version: string;
  region?: string;
  /** Seconds since the epoch. */
  timestamp: number;
  payload: string;
  contentType?: string;
};

/** Tencent Cloud API 3.0 signature v3 (TC3-HMAC-SHA256), POST with a JSON body. */
export function signTencentTc3(input: TencentTc3Input): SignedRequest {
  const contentType = input.contentType ?? 'application/json; charset=utf-8';
  const canonicalHeaders = `content-type:${contentType}\nhost:${input.host}\n`;
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(input.payload)].join('\n');
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = hmac(secretSigning, stringToSign).toString('hex');
  const headers: Record<string, string> = {
    authorization: `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    'content-type': contentType,
    host: input.host,
    'x-tc-action': input.action,
    'x-tc-timestamp': String(input.timestamp),
    'x-tc-version': input.version,
    ...(input.region ? { 'x-tc-region': input.region } : {}),
  };
  return { url: `https://${input.host}/`, headers, canonicalRequest, stringToSign, signature };
}
