import { theme } from 'antd';
const seeds = JSON.parse(process.argv[2] ?? '{}');
const dark = process.argv[3] === 'dark';
const t = { ...theme.getDesignToken({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: seeds }), ...seeds };
const parse = (c) => {
  if (c.startsWith('#')) { const h = c.slice(1); return [0,2,4].map(i=>parseInt(h.slice(i,i+2),16)/255).concat(1); }
  const m = c.match(/rgba?\(([^)]+)\)/)[1].split(',').map(Number); return [m[0]/255,m[1]/255,m[2]/255,m[3]??1];
};
const blend=(fg,bg)=>fg.slice(0,3).map((v,i)=>v*fg[3]+bg[i]*(1-fg[3])).concat(1);
const lum=(c)=>{const f=v=>v<=0.03928?v/12.92:((v+0.055)/1.055)**2.4;return 0.2126*f(c[0])+0.7152*f(c[1])+0.0722*f(c[2]);};
const cr=(fg,bg)=>{const b=parse(bg);const f=blend(parse(fg),b);const a=lum(f),c=lum(b);return ((Math.max(a,c)+0.05)/(Math.min(a,c)+0.05)).toFixed(2);};
const layout = dark ? '#000000' : '#f5f7fb';
const pairs = [
 ['colorTextLightSolid','colorPrimary'],['colorPrimary','colorBgContainer'],['colorPrimary','colorPrimaryBg'],['colorPrimaryText','colorBgContainer'],['colorLink','colorBgContainer'],['colorLink',layout],
 ['colorSuccess','colorSuccessBg'],['colorSuccessText','colorBgContainer'],['colorWarning','colorWarningBg'],['colorWarningText','colorBgContainer'],['colorError','colorErrorBg'],['colorError','colorBgContainer'],['colorErrorText','colorBgContainer'],['colorTextLightSolid','colorError'],
 ['colorInfo','colorInfoBg'],['colorTextSecondary','colorBgContainer'],['colorTextTertiary','colorBgContainer'],['colorTextTertiary',layout],['colorTextDescription','colorBgContainer'],['colorTextPlaceholder','colorBgContainer'],['colorTextQuaternary','colorBgContainer'],
];
for (const [a,b] of pairs) { const bv = t[b] ?? b; console.log(`${a} ${t[a]} on ${b} ${bv}: ${cr(t[a], bv)}`); }
