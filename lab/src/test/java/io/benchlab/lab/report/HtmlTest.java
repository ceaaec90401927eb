package io.benchlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void escapesMarkupQuotesAndDropsControlCharacters() {
        assertThat(Html.escape("<a href=\"x\">Tom & 'Jerry'</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
        assertThat(Html.escape("a\u0000b\u001bc\td\ne")).isEqualTo("abc\td\ne");
        assertThat(Html.escape(null)).isEmpty();
    }

    @Test
    void svgAttributesAndTextAreEscapedAndComeInPairs() {
        String svg = new Svg().text("text", "1 < 2", "data-x", "\"q\"").toString();
        assertThat(svg).isEqualTo("<text data-x=\"&quot;q&quot;\">1 &lt; 2</text>");
        assertThat(new Svg().empty("line", "a", null, "b", "1").toString()).isEqualTo("<line b=\"1\"/>");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Svg().empty("line", "a"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void figuresReadAsPeopleWriteThem() {
        assertThat(Html.figure(7299.2)).isEqualTo("7,299");
        assertThat(Html.figure(17.105)).isEqualTo("17.1");
        assertThat(Html.figure(6.177)).isEqualTo("6.18");
        assertThat(Html.figure(0.0451)).isEqualTo("0.045");
        assertThat(Html.figure(Double.NaN)).isEqualTo("-");
        assertThat(Html.tick(64)).isEqualTo("64");
        assertThat(Html.tick(0.01)).isEqualTo("0.01");
        assertThat(Html.tick(2000)).isEqualTo("2,000");
    }
}
