import { theme } from 'antd';
const parse = (c) => { const h = c.slice(1); return [0,2,4].map(i=>parseInt(h.slice(i,i+2),16)/255); };
const lum=(c)=>{const f=v=>v<=0.03928?v/12.92:((v+0.055)/1.055)**2.4;return 0.2126*f(c[0])+0.7152*f(c[1])+0.0722*f(c[2]);};
const cr=(a,b)=>{const x=lum(parse(a)),y=lum(parse(b));return (Math.max(x,y)+0.05)/(Math.min(x,y)+0.05);};
for (const dark of [false,true]) {
  const t = theme.getDesignToken({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm });
  const out = {};
  for (const c of ['blue','purple','cyan','green','magenta','pink','red','orange','yellow','volcano','geekblue','gold','lime']) {
    const bg = t[`${c}1`];
    const r7 = cr(t[`${c}7`], bg);
    let pick = null;
    for (let i = 7; i <= 10; i++) if (cr(t[`${c}${i}`], bg) >= 4.6) { pick = i; break; }
    out[c] = `${t[c+'7']} ${r7.toFixed(2)} -> ${pick} ${pick ? t[c+pick] : ''} ${pick ? cr(t[c+pick], bg).toFixed(2) : ''}`;
  }
  console.log(dark ? 'DARK' : 'LIGHT', out);
}
