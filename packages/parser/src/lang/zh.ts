import type { Language } from './types.ts';

export const zh: Language = {
  code: 'zh',
  headings: {},
  and: [],
  patterns: [
    ['education', /教育|学历/],
    // "项目经历" (projects), "活动经历" / "社团经历" / "志愿者经历" (activities): the first word names the kind
    ['projects', /项目/],
    ['extracurricular', /^(?:活动|社团|志愿|校园|社会实践)/],
    ['experience', /经历|经验|工作|实习/],
    // "语言技能", "外语能力": spoken languages ("编程语言" stays with the skills below)
    ['languages', /^(?:语言|外语)/],
    ['skills', /技能|技术/],
    ['awards', /奖|荣誉/],
    ['certifications', /证书|资格/],
    ['contact', /个人信息|基本信息|联系方式/],
    ['languages', /语言/],
    ['interests', /兴趣|爱好/],
    ['summary', /简介|自我评价|个人/],
    // a thesis ("毕业论文", "学位论文") is no publication list ("Master thesis" is none either)
    ['other', /^(?:毕业|学位|硕士|博士|本科)论文/],
    ['publications', /论文|发表/],
    ['other', /^其他|^其它/],
  ],
};
