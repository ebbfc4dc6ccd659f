/**
 * Local stand-ins for gtag.js, fbevents.js and tawk.to: the browser's requests to the vendors' hosts are
 * answered here (nothing leaves the machine), and each sets the cookies the real script sets and sends
 * its hits to the vendor's collect address, which is answered here too and counted.
 */
import type { Page, Request } from '@playwright/test';
import { THIRD_PARTY_IDS } from '../../scripts/third-party-ids.mjs';

export const IDS = THIRD_PARTY_IDS;

export const VENDOR_HOSTS = /googletagmanager\.com|google-analytics\.com|facebook\.(net|com)|tawk\.to/;

/**
 * Sets a cookie as the vendor's script does: gtag.js ("auto") and the pixel on the highest parent domain
 * that takes one (.kasuwa.test on www.kasuwa.test), host-only on an IP address; tawk.to host-only.
 */
const cookie = (name: string, value: string, days: number, parentDomain = true) =>
  `document.cookie=${JSON.stringify(`${name}=${value}; path=/; max-age=${days * 86400}`)}${parentDomain ? '+parentDomain()' : ''};`;
const PARENT_DOMAIN = `function parentDomain(){var h=location.hostname;return /^[\\d.]+$/.test(h)||h.indexOf('.')<0?'':'; domain=.'+h.split('.').slice(-2).join('.');}`;

/**
 * gtag.js: _ga, _ga_<id>, _gid; a hit per event while analytics_storage is granted and GA is not disabled,
 * with the address GA reports (`dl`): the event's or the config's page_location, else the whole address.
 */
const GTAG = `(function(){${PARENT_DOMAIN}var granted=false,where=location.href,dl=window.dataLayer=window.dataLayer||[];
${cookie('_ga', 'GA1.1.111.222', 730)}${cookie('_ga_TEST1234', 'GS1.1.333', 730)}${cookie('_gid', 'GA1.1.444', 1)}
function run(a){if(a[0]==='consent'&&a[2])granted=a[2].analytics_storage==='granted';
if(a[0]==='config'&&a[2]&&a[2].page_location)where=a[2].page_location;
if(a[0]==='event'&&granted&&!window['ga-disable-${IDS.GA_MEASUREMENT_ID}'])navigator.sendBeacon('https://www.google-analytics.com/g/collect?en='+encodeURIComponent(a[1])+'&dl='+encodeURIComponent((a[2]&&a[2].page_location)||where));}
for(var i=0;i<dl.length;i++)run(dl[i]);dl.push=function(a){Array.prototype.push.call(dl,a);run(a);return dl.length};})();`;

/** fbevents.js: _fbp; a hit per tracked event while consent is granted. */
const FBEVENTS = `(function(){${PARENT_DOMAIN}var f=window.fbq,granted=true;${cookie('_fbp', 'fb.1.555.666', 90)}
f.callMethod=function(){var a=arguments;if(a[0]==='consent')granted=a[1]==='grant';
if(a[0]==='track'&&granted)navigator.sendBeacon('https://www.facebook.com/tr?ev='+encodeURIComponent(a[1]));};
var q=f.queue||[];f.queue=[];for(var i=0;i<q.length;i++)f.callMethod.apply(null,q[i]);})();`;

/** tawk.to: its cookie, then a chat window as the widget opens one. */
const TAWK = `(function(){${cookie('twk_uuid_abc123', 'x', 180, false)}var api=window.Tawk_API=window.Tawk_API||{};
api.maximize=function(){if(document.getElementById('tawk-stand-in'))return;var d=document.createElement('div');d.id='tawk-stand-in';d.setAttribute('role','dialog');d.setAttribute('aria-label','Chat window');d.textContent='tawk.to';document.body.append(d);};
api.hideWidget=function(){var d=document.getElementById('tawk-stand-in');if(d)d.remove();};
setTimeout(function(){api.onLoad&&api.onLoad();},50);})();`;

/** The stand-in script for a vendor's address ('' for its collect addresses, answered 204). */
export const standInBody = (url: string) =>
  url.includes('gtag/js') ? GTAG : url.includes('fbevents') ? FBEVENTS : url.includes('tawk.to') ? TAWK : '';

/** Routes every vendor host to its stand-in; returns the vendor requests the page made. */
export async function standIns(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (VENDOR_HOSTS.test(new URL(request.url()).hostname)) requests.push(request);
  });
  await page.context().route(VENDOR_HOSTS, (route) => {
    const body = standInBody(route.request().url());
    return route.fulfill({ status: body ? 200 : 204, contentType: 'text/javascript', body });
  });
  return requests;
}

/** The hits sent to the vendors' collect addresses (GA's `en`, the pixel's `ev`). */
export const hits = (requests: Request[]) =>
  requests.flatMap((request) => {
    const url = new URL(request.url());
    const name = url.searchParams.get('en') ?? url.searchParams.get('ev');
    return name ? [name] : [];
  });
